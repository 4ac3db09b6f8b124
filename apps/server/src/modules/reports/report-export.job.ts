import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { JobHandler } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../mail/mailer';
import type { ReportEngine, ReportQuery } from './engine/report-engine';
import { exportReport } from './export/export-report';
import type { ReportsRepo } from './reports.repo';

export const REPORT_EXPORT_QUEUE = 'report-export';

export interface ReportExportPayload {
  reportJobId: string;
}

const LABELS: Record<string, string> = { revenue: 'Revenue Summary', recirculation: 'Recirculation Summary' };

/**
 * Writes the export to a temp file and renames it into place, so a job that runs twice (a retry
 * after a crash) leaves exactly one complete file; then announces it (isNew) or e-mails it.
 */
export function reportExportHandler(deps: {
  repo: ReportsRepo;
  engine: ReportEngine;
  mailer: Mailer;
  exportsDir: string;
  productName: string;
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
      const { rows } = await exportReport(deps.engine, report.request as ReportQuery, report.format as 'csv' | 'xlsx', sink);
      if (!sink.writableEnded) sink.end();
      await written;
      await rename(tmpPath, finalPath);
      if (report.delivery === 'email') {
        const to = await deps.repo.userEmail(report.user_id);
        if (to) {
          const label = LABELS[report.report_type] ?? 'Report';
          await deps.mailer.send({
            to,
            subject: `Your ${label} report (${report.date_from} to ${report.date_to})`,
            text: `Your ${label} report for ${report.date_from} to ${report.date_to} is attached (${rows} rows).\n\n${deps.productName}`,
            attachments: [{ filename: `${report.report_type}-${report.date_from}-${report.date_to}.${report.format}`, path: finalPath }],
          });
        }
      }
      await deps.repo.markDone(report.id, finalPath, rows, true);
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
