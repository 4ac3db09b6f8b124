import { createReadStream } from 'node:fs';
import type { ReportType } from '@pc/contracts';
import { parsedLinesSql, rowShapes } from './clickhouse-file-stage-sql';
import type { ClickHouseExec } from './clickhouse-exec';
import { FACT_TABLES } from './duckdb-schema';
import type { FactsFile, StagedFile } from './report-engine';

/**
 * Settings of every statement that reads the file: numbers parsed exactly (as JavaScript's
 * Number() does; older servers default to a faster, sometimes last-digit-off parser).
 */
const EXACT = 'SETTINGS precise_float_parsing = 1';

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
  await ch.command(`CREATE TABLE ${raw} (line String) ENGINE = MergeTree ORDER BY tuple()`);
  try {
    try {
      await ch.insertStream(raw, 'LineAsString', createReadStream(file.path));
    } catch {
      return null;
    }
    const parsed = parsedLinesSql(reportType, file, raw);
    const [found] = await ch.query<{ bad: number; rows: number; publishers: string[] }>(
      `SELECT toFloat64(countIf(NOT ok)) AS bad, toFloat64(count()) AS rows, groupUniqArray(publisher_id) AS publishers
        FROM (${parsed}) ${EXACT}`,
    );
    if (!found || Number(found.bad) > 0) return null;
    for (const shape of rowShapes(reportType)) {
      const cols = FACT_TABLES[shape.table].filter((c) => c !== 'advertiser_domain' && c !== 'iab_category');
      await ch.command(
        `INSERT INTO ${stageOf(shape.table)} (${cols.join(', ')}, line) SELECT ${cols.join(', ')}, 0 FROM (${parsed}) WHERE ${shape.where} ${EXACT}`,
      );
    }
    return { rows: Number(found.rows), publisherIds: found.publishers };
  } finally {
    await ch.command(`DROP TABLE IF EXISTS ${raw}`);
  }
}
