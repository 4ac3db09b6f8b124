import { PassThrough } from 'node:stream';
import { RISK_CAUSE_LABELS, type RevenueAtRisk, type RiskInput } from '@pc/contracts';
import type { ReportRow } from '../../report-engine/report-engine';
import { writeCsv, type ExportColumn } from '../../lib/csv/csv-writer';

const COLUMNS: ExportColumn[] = [
  { key: 'site', label: 'Site', kind: 'text' },
  { key: 'siteId', label: 'Site ID', kind: 'text' },
  { key: 'cause', label: 'Cause', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'amountPerDay', label: 'Amount per day', kind: 'money' },
  { key: 'currency', label: 'Currency', kind: 'text' },
  { key: 'formula', label: 'Formula', kind: 'text' },
  { key: 'inputs', label: 'Inputs', kind: 'text' },
  { key: 'note', label: 'Note', kind: 'text' },
  { key: 'fixes', label: 'Fix', kind: 'text' },
];

const STATUS = { priced: 'Priced', tooLittleData: 'Too little data', none: 'Nothing at risk' } as const;
const input = (i: RiskInput) => `${i.label}: ${i.value}`;

/** One row per site and cause, through the reports' CSV writer (same quoting and injection rule). */
export async function revenueAtRiskCsv(r: RevenueAtRisk): Promise<string> {
  const rows: ReportRow[] = r.sites.flatMap((s) =>
    s.causes.map((c) => ({
      site: s.siteName,
      siteId: s.siteId,
      cause: RISK_CAUSE_LABELS[c.kind],
      status: STATUS[c.status],
      amountPerDay: c.amountPerDay,
      currency: r.currency,
      formula: c.formula,
      inputs: c.inputs.map(input).join('; '),
      note: c.note ?? '',
      fixes: c.fixes.map((f) => f.href).join(' '),
    })),
  );
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeCsv(COLUMNS, [rows], out, { totals: { amountPerDay: r.totals.amountPerDay } });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}
