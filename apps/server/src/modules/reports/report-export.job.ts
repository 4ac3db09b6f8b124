import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { formatDay } from '@pc/contracts';
import type { JobHandler } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../mail/mailer';
import type { ReportEngine } from '../../report-engine/report-engine';
import type { ExportEncoder } from './export/export-encoder';
import { exportReport } from './export/export-report';
import { reportsRepo, type ReportsRepo } from './reports.repo';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { WebhookEventPublisher } from '../integrations';
import type { ChangeLine } from './revenue-change/revenue-change-mail';
import { exportNotes, readStoredRequest } from './export/export-notes';

export const REPORT_EXPORT_QUEUE = 'report-export';

export interface ReportExportPayload {
  reportJobId: string;
}

const LABELS: Record<string, string> = { revenue: 'Revenue Summary', recirculation: 'Recirculation Summary' };
const PAGES: Record<string, string> = {
  revenue: '/partners/inventory-performance/revenue-summary',
  recirculation: '/partners/inventory-performance/recirculation-summary',
};
/** Files up to this size ride along with the e-mail; larger ones are linked (mail servers refuse big mails). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Writes the export to a temp file and renames it into place, so a job that runs twice (a retry
 * after a crash) leaves exactly one complete file; then announces it (isNew) or e-mails it.
 */
export function reportExportHandler(deps: {
  repo: ReportsRepo;
  engine: ReportEngine;
  /** Encodes the file in worker threads; without it, in this thread. */
  encoder?: ExportEncoder;
  mailer: Mailer;
  exportsDir: string;
  productName: string;
  publicUrl: string;
  attachmentMaxBytes?: number;
  /** `report.ready` to webhook subscribers, committed with the job's "done". */
  webhooks?: { db: Db; publish: WebhookEventPublisher };
  /** The e-mail's and the file's "What changed" line (revenue-change/revenue-change-mail.ts); without it, none. */
  changeLine?: ChangeLine;
  /** Only for tests (config REPORT_EXPORT_TEST_PAUSE_MS): a pause with the partial file open. */
  testPauseMs?: number;
}): JobHandler<ReportExportPayload> {
  return async (job) => {
    const report = await deps.repo.findJob(job.payload.reportJobId);
    if (!report || report.status === 'done') return;
    try {
      await deps.repo.markRunning(report.id);
      const dir = path.join(deps.exportsDir, report.publisher_id);
      await mkdir(dir, { recursive: true });
      const finalPath = path.join(dir, `${report.id}.${report.format}`);
      // A worker that died mid-run left its partial file behind: clear it before writing anew.
      for (const f of await readdir(dir))
        if (f.startsWith(`${report.id}.`) && f.endsWith('.part')) await rm(path.join(dir, f), { force: true });
      const tmpPath = `${finalPath}.${job.id}.${job.attempts}.part`;
      const out = createWriteStream(tmpPath);
      const sink = new PassThrough();
      const written = pipeline(sink, out);
      if (deps.testPauseMs) await new Promise((r) => setTimeout(r, deps.testPauseMs));
      const { request, compared, currency } = readStoredRequest(report.request);
      // A report with a comparison carries its "What changed" line in the file, and the e-mail
      // then says the same; without one, the e-mail explains against the days right before.
      const notes = await exportNotes(deps.changeLine, request, compared);
      const { rows } = await exportReport(deps.engine, request, report.format as 'csv' | 'xlsx', sink, deps.encoder, notes, currency);
      if (!sink.writableEnded) sink.end();
      await written;
      await rename(tmpPath, finalPath);
      if (report.delivery === 'email') {
        const [to, partner] = await Promise.all([deps.repo.userEmail(report.user_id), deps.repo.publisherName(report.publisher_id)]);
        if (to) {
          const label = LABELS[report.report_type] ?? 'Report';
          // Days as every e-mail and page writes them ("Oct 1, 2026"); the attachment's name keeps ISO days, which sort.
          const range = `${formatDay(report.date_from)} to ${formatDay(report.date_to)}`;
          const small = (await stat(finalPath)).size <= (deps.attachmentMaxBytes ?? ATTACHMENT_MAX_BYTES);
          const link = `${deps.publicUrl.replace(/\/$/, '')}${PAGES[report.report_type] ?? '/'}?tab=tab_1`;
          const change = notes[0] ?? (deps.changeLine ? await deps.changeLine(request) : null);
          const changed = change ? `\n\n${change}` : '';
          await deps.mailer.send({
            to,
            // The subject names the partner and the range.
            subject: `Your ${label} report for ${partner ?? report.publisher_id} (${range})`,
            text: small
              ? `Your ${label} report for ${partner ?? report.publisher_id}, ${range}, is attached (${rows} rows).${changed}\n\n${deps.productName}`
              : `Your ${label} report for ${partner ?? report.publisher_id}, ${range}, is ready (${rows} rows). It is too large to attach: download it from ${link}${changed}\n\n${deps.productName}`,
            ...(small
              ? {
                  attachments: [
                    { filename: `${report.report_type}-${report.date_from}-${report.date_to}.${report.format}`, path: finalPath },
                  ],
                }
              : {}),
          });
        }
      }
      const webhooks = deps.webhooks;
      if (webhooks)
        await inTransaction(webhooks.db, async (trx) => {
          await reportsRepo(trx).markDone(report.id, finalPath, rows, true);
          await webhooks.publish(trx, report.publisher_id, {
            type: 'report.ready',
            summary: `Your ${LABELS[report.report_type] ?? 'report'} export (${formatDay(report.date_from)} to ${formatDay(report.date_to)}, ${rows} rows) is ready.`,
            data: {
              reportJobId: report.id,
              reportType: report.report_type,
              format: report.format,
              dateFrom: report.date_from,
              dateTo: report.date_to,
              rows,
              delivery: report.delivery,
            },
          });
        });
      else await deps.repo.markDone(report.id, finalPath, rows, true);
      await rm(tmpPath, { force: true });
    } catch (err) {
      if (job.attempts >= job.maxAttempts) await deps.repo.markFailed(report.id, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };
}

export async function openExport(filePath: string) {
  const s = await stat(filePath);
  return { size: s.size, stream: createReadStream(filePath) };
}
