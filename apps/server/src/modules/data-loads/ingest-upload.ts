import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IngestResult, ReportType, StreamedMediaType } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { badRequest, HttpError } from '../../lib/http-error';
import type { Platform } from '../../platform/area';
import { ingestPath, type IngestOutcome } from '../reports';
import { recordedIngest } from './data-loads.service';
import { IngestLockedError, withIngestLock } from './ingest-lock';

const FORMAT_OF: Record<StreamedMediaType, 'csv' | 'ndjson'> = { 'text/csv': 'csv', 'application/x-ndjson': 'ndjson' };

export interface FactsUpload {
  reportType: ReportType;
  /** The request's media type (the route accepts only the ones FORMAT_OF knows). */
  mediaType: StreamedMediaType;
  /** The request body, unread. */
  body: AsyncIterable<Uint8Array>;
  /** The file name the caller gave (Content-Disposition), else a generic one; Data loads shows it. */
  fileName: string | undefined;
}

/** A rejected file as the API's 400: the whole file refused, each line's reasons under `fields`. */
function rejection(outcome: IngestOutcome): HttpError {
  const fields: Record<string, string> = {};
  for (const e of outcome.errors) {
    const key = e.message.startsWith('...and ') ? 'more' : e.line > 0 ? `line ${e.line}` : 'file';
    fields[key] = fields[key] ? `${fields[key]}; ${e.message}` : e.message;
  }
  const first = outcome.errors[0];
  const message = outcome.rowsRejected
    ? `Nothing was loaded: ${outcome.rowsRejected} bad row(s) of ${outcome.rowsRead}. First, line ${first?.line}: ${first?.message}`
    : `Nothing was loaded: ${first?.message ?? 'the file was refused.'}`;
  return badRequest(message, fields);
}

/**
 * The API's ingestion: the CLI's (the same lock, the same ingestPath, the same record under Data
 * loads) on a request body written to a temporary file first, so the engine's own parser can read a
 * clean file. Another ingestion running is a 409.
 */
export async function ingestUpload(db: Db, engine: Platform['engine'], upload: FactsUpload): Promise<IngestResult> {
  const format = FORMAT_OF[upload.mediaType];
  // Another type parsed by the server's own parsers (JSON) reaches here without a facts format.
  if (!format) throw new HttpError(415, 'Send the facts file as text/csv or application/x-ndjson.', 'UnsupportedMediaType');
  const source = upload.fileName ?? `upload.${format === 'csv' ? 'csv' : 'ndjson'}`;
  const outcome = await withIngestLock(db, () =>
    recordedIngest(db, { reportType: upload.reportType, source, via: 'api' }, () =>
      spooled(upload.body, format, (path) => ingestPath(engine, upload.reportType, path, format)),
    ),
  ).catch((error: unknown) => {
    if (error instanceof IngestLockedError) throw new HttpError(409, error.message, 'Conflict');
    throw error;
  });
  if (outcome.errors.length > 0) throw rejection(outcome);
  return {
    reportType: upload.reportType,
    rowsRead: outcome.rowsRead,
    rowsApplied: outcome.rowsApplied,
    daysReplaced: outcome.daysReplaced,
  };
}

/** Writes the body to a temporary file, runs `use` on it, and removes it whatever happens. */
async function spooled<T>(body: AsyncIterable<Uint8Array>, format: 'csv' | 'ndjson', use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pc-upload-'));
  try {
    const path = join(dir, `upload.${format}`);
    await pipeline(Readable.from(body), createWriteStream(path));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `text/csv; charset=utf-8` -> `text/csv`. */
export const mediaTypeOf = (contentType: string | undefined): StreamedMediaType =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() as StreamedMediaType;

/** `attachment; filename="revenue-2024-05-01.csv"` -> the name, without any path. */
export function fileNameOf(disposition: string | undefined): string | undefined {
  const name = /filename="?([^";]+)"?/i
    .exec(disposition ?? '')?.[1]
    ?.split(/[\\/]/)
    .pop()
    ?.trim();
  return name ? name.slice(0, 200) : undefined;
}
