import { createReadStream } from 'node:fs';
import type { ReportType } from '@pc/contracts';
import { parsedLinesSql, rowShapes, stagedValue } from './clickhouse-file-stage-sql';
import type { ClickHouseExec } from './clickhouse-exec';
import { FACT_TABLES } from './duckdb-schema';
import type { FactsFile, StagedFile } from './report-engine';

/**
 * Settings of every statement that reads the file: numbers parsed exactly (as JavaScript's
 * Number() does; older servers default to a faster, sometimes last-digit-off parser), and every
 * argument of AND / if computed for all rows: short-circuit evaluation computes each one on the
 * rows the previous ones left, and a shared expression (the line's JSON parse) again for each, 89 s
 * instead of 3.9 s for the check of a 2 M-row NDJSON file (chDB). No function of the check throws.
 */
const SETTINGS = `SETTINGS precise_float_parsing = 1, short_circuit_function_evaluation = 'disable'`;

/**
 * FactIngest.stageFile on ClickHouse: the file's bytes go to the server as the body of an INSERT
 * (so a remote server parses them, not only chDB on this machine) into a table of raw lines; one
 * statement counts the lines breaking a rule of fact-file-rules.ts; a clean file's rows are then
 * copied typed into the ingest's staging tables (`stageOf`), with line 0. A file with any bad line,
 * or that the INSERT refused, leaves nothing staged and returns null (read row by row instead).
 */
export async function stageClickHouseFile(
  ch: ClickHouseExec,
  reportType: ReportType,
  file: FactsFile,
  raw: string,
  stageOf: (table: string) => string,
): Promise<StagedFile | null> {
  const parsed = `${raw}_parsed`;
  await ch.command(`CREATE TABLE ${raw} (line String) ENGINE = MergeTree ORDER BY tuple()`);
  try {
    try {
      await ch.insertStream(raw, 'LineAsString', createReadStream(file.path));
    } catch {
      return null;
    }
    // Each line read once (the JSON parse is most of an NDJSON file's time), the check and the copies then read its columns.
    await ch.command(`CREATE TABLE ${parsed} ENGINE = MergeTree ORDER BY tuple() AS ${parsedLinesSql(reportType, file, raw)} ${SETTINGS}`);
    const [found] = await ch.query<{ bad: number; headers: number; rows: number; publishers: string[] }>(
      `SELECT toFloat64(countIf(NOT ok AND NOT header)) AS bad, toFloat64(countIf(header)) AS headers,
        toFloat64(countIf(NOT header)) AS rows, groupUniqArrayIf(publisher_id, NOT header) AS publishers FROM ${parsed}`,
    );
    if (!found || Number(found.bad) > 0 || Number(found.headers) !== (file.format === 'csv' ? 1 : 0)) return null;
    for (const shape of rowShapes(reportType)) {
      const cols = FACT_TABLES[shape.table].filter((c) => c !== 'advertiser_domain' && c !== 'iab_category');
      const values = cols.map(stagedValue);
      await ch.command(
        `INSERT INTO ${stageOf(shape.table)} (${cols.join(', ')}, line) SELECT ${values.join(', ')}, 0 FROM ${parsed} WHERE ok AND ${shape.where}`,
      );
    }
    return { rows: Number(found.rows), publisherIds: found.publishers };
  } finally {
    await ch.command(`DROP TABLE IF EXISTS ${raw}`);
    await ch.command(`DROP TABLE IF EXISTS ${parsed}`);
  }
}
