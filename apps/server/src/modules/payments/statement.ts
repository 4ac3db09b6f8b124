import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@pc/contracts';
import { neutraliseText, quoteCsvField } from '../reports/export/csv-writer';
import type { PaymentRow } from './payments.repo';

export interface Payee {
  beneficiaryName: string;
  method: string;
  account: string | null;
  payoutCurrency: string;
  /** true: the snapshot taken at approval; false: today's details (fixed when approved). */
  fixedAtApproval: boolean;
}

export interface Statement {
  publisher: { id: string; name: string };
  period: string;
  currency: string;
  sites: { siteId: string; siteName: string; netRevenue: number }[];
  revenue: number;
  rolloverIn: number;
  adjustments: number;
  /** Each adjustment with its reason; they sum to `adjustments`. */
  adjustmentLines: { reason: string; amount: number }[];
  amount: number;
  rolloverOut: number;
  threshold: number;
  status: string;
  paidAt: string | null;
  reference: string | null;
  payee: Payee | null;
}

export function buildStatement(row: PaymentRow, payee: Payee | null, adjustmentLines: Statement['adjustmentLines'] = []): Statement {
  return {
    publisher: { id: row.publisher_id, name: row.publisher_name },
    period: row.period,
    currency: row.currency,
    sites: row.site_revenue,
    revenue: Number(row.revenue),
    rolloverIn: Number(row.rollover_in),
    adjustments: Number(row.adjustments),
    adjustmentLines,
    amount: Number(row.amount),
    rolloverOut: Number(row.rollover_out),
    threshold: Number(row.threshold),
    status: PAYMENT_STATUS_LABELS[row.status as PaymentStatus] ?? row.status,
    paidAt: row.paid_at,
    reference: row.reference,
    payee,
  };
}

const money = (n: number) => n.toFixed(2);

/** Lines shared by the CSV and the PDF, so both say exactly the same. */
function lines(s: Statement): [string, string][] {
  return [
    ...s.sites.map((x): [string, string] => [`Finalized net revenue: ${x.siteName} (${x.siteId})`, money(x.netRevenue)]),
    ['Finalized net revenue for the month', money(s.revenue)],
    ['Rollover from earlier months', money(s.rolloverIn)],
    ...s.adjustmentLines.map((a): [string, string] => [`Adjustment: ${a.reason}`, money(a.amount)]),
    ['Adjustments', money(s.adjustments)],
    [`Payment threshold`, money(s.threshold)],
    ['Amount payable', money(s.amount)],
    ['Rolled over to next month', money(s.rolloverOut)],
  ];
}

export function statementCsv(s: Statement): string {
  const rows: string[][] = [
    ['Publisher', `${s.publisher.name} (${s.publisher.id})`],
    ['Period', s.period],
    ['Currency', s.currency],
    ...lines(s),
    ['Status', s.status],
    ['Paid on', s.paidAt ?? ''],
    ['Reference', s.reference ?? ''],
    [
      'Payee',
      s.payee
        ? `${s.payee.beneficiaryName}, ${s.payee.method === 'paypal' ? 'PayPal' : 'bank transfer'} ${s.payee.account ?? ''}`
        : 'No payment settings',
    ],
  ];
  // Plain numbers (a deduction is negative) stay numbers; any other text is neutralised against formula injection.
  const cell = (c: string) => quoteCsvField(/^-?\d+(\.\d+)?$/.test(c) ? c : neutraliseText(c));
  return ['item,value', ...rows.map((r) => r.map(cell).join(','))].join('\r\n') + '\r\n';
}

export async function statementPdf(s: Statement, productName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Statement ${s.period} - ${s.publisher.name}`);
  doc.setProducer(productName);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts only encode WinAnsi: anything else (e.g. the mask dots) becomes a plain character.
  const safe = (t: string) => t.replace(/•/g, '*').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
  let y = 790;
  const text = (t: string, x: number, size = 10, f = font) => page.drawText(safe(t), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.15) });
  text(`${productName} - payment statement`, 50, 16, bold);
  y -= 28;
  for (const [k, v] of [
    ['Publisher', `${s.publisher.name} (${s.publisher.id})`],
    ['Period', s.period],
    ['Currency', s.currency],
    ['Status', s.status + (s.paidAt ? `, paid on ${s.paidAt}` : '') + (s.reference ? `, reference ${s.reference}` : '')],
  ]) {
    text(k!, 50, 10, bold);
    text(v!, 200, 10);
    y -= 16;
  }
  y -= 12;
  for (const [label, value] of lines(s)) {
    const isTotal = label.startsWith('Amount payable') || label.startsWith('Finalized net revenue for');
    text(label.length > 70 ? `${label.slice(0, 67)}...` : label, 50, 10, isTotal ? bold : font);
    const w = (isTotal ? bold : font).widthOfTextAtSize(value, 10);
    text(value, 545 - w, 10, isTotal ? bold : font);
    y -= 16;
    if (y < 120) break;
  }
  y -= 16;
  text('Payee', 50, 10, bold);
  text(
    s.payee
      ? `${s.payee.beneficiaryName}, ${s.payee.method === 'paypal' ? 'PayPal' : 'bank transfer'} ${s.payee.account ?? ''} (${s.payee.payoutCurrency})`
      : 'No payment settings on file',
    200,
  );
  y -= 16;
  if (s.payee)
    text(
      s.payee.fixedAtApproval
        ? 'Details as on file when the payment was approved.'
        : 'Current details; fixed when the payment is approved.',
      200,
      8,
    );
  y -= 28;
  text('Amounts are finalized net revenue from the revenue report; estimated days are never included.', 50, 8);
  return doc.save();
}
