import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PAYMENT_STATUS_LABELS, formatDay, formatDecimal, formatMoney, formatMonth, type PaymentStatus } from '@pc/contracts';
import { neutraliseText, quoteCsvField } from '../../lib/csv/csv-writer';
import type { AppConfig } from '../../config/env';
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

/**
 * Who issues the statement, printed at the top of the PDF (config STATEMENT_PROVIDER_*): the
 * provider's name, its address (lines separated by ";") and how to reach it.
 */
export interface Letterhead {
  name: string;
  address: string | null;
  contact: string | null;
}

/** The letterhead when nothing but the product's name is configured. */
export const productLetterhead = (productName: string): Letterhead => ({ name: productName, address: null, contact: null });

/** The letterhead from configuration: STATEMENT_PROVIDER_NAME (else PRODUCT_NAME), _ADDRESS, _CONTACT. */
export const letterheadOf = (
  config: Pick<AppConfig, 'PRODUCT_NAME' | 'STATEMENT_PROVIDER_NAME' | 'STATEMENT_PROVIDER_ADDRESS' | 'STATEMENT_PROVIDER_CONTACT'>,
): Letterhead => ({
  name: config.STATEMENT_PROVIDER_NAME ?? config.PRODUCT_NAME,
  address: config.STATEMENT_PROVIDER_ADDRESS,
  contact: config.STATEMENT_PROVIDER_CONTACT,
});

/**
 * The statement's money lines as [label, amount], shared by the CSV and the PDF so both say exactly
 * the same; each writes the amount its own way (statementCsv, pdfMoney).
 */
export function statementLines(s: Statement): [string, number][] {
  return [
    ...s.sites.map((x): [string, number] => [`Finalized net revenue: ${x.siteName} (${x.siteId})`, x.netRevenue]),
    ['Finalized net revenue for the month', s.revenue],
    ['Rollover from earlier months', s.rolloverIn],
    ...s.adjustmentLines.map((a): [string, number] => [`Adjustment: ${a.reason}`, a.amount]),
    ['Adjustments', s.adjustments],
    [`Payment threshold`, s.threshold],
    ['Amount payable', s.amount],
    ['Rolled over to next month', s.rolloverOut],
  ];
}

const payeeText = (p: Payee) => `${p.beneficiaryName}, ${p.method === 'paypal' ? 'PayPal' : 'bank transfer'} ${p.account ?? ''}`.trim();

/**
 * The CSV is for machines as much as for people: amounts stay plain numbers with two decimals
 * (1234.5 -> "1234.50", a deduction negative), with no symbol or thousands separator, so a
 * spreadsheet sums them and an import reads them without parsing "$1,234.50"; a `currency` column
 * says which currency each amount is in. Period and dates stay ISO (2025-01, 2025-02-25) for the
 * same reason, as the report exports write their date columns. The PDF is the human-readable copy.
 */
export function statementCsv(s: Statement): string {
  const rows: string[][] = [
    ['Publisher', `${s.publisher.name} (${s.publisher.id})`, ''],
    ['Period', s.period, ''],
    ['Currency', s.currency, ''],
    ...statementLines(s).map(([label, n]) => [label, n.toFixed(2), s.currency]),
    ['Status', s.status, ''],
    ['Paid on', s.paidAt ?? '', ''],
    ['Reference', s.reference ?? '', ''],
    ['Payee', s.payee ? payeeText(s.payee) : 'No payment settings', ''],
  ];
  // Plain numbers (a deduction is negative) stay numbers; any other text is neutralised against formula injection.
  const cell = (c: string) => quoteCsvField(/^-?\d+(\.\d+)?$/.test(c) ? c : neutraliseText(c));
  return ['item,value,currency', ...rows.map((r) => r.map(cell).join(','))].join('\r\n') + '\r\n';
}

/**
 * What the PDF's standard fonts can print: WinAnsi, i.e. Latin-1 plus a few signs (the euro among
 * them). Anything else (the mask dots, a rupee sign) must be replaced before drawing.
 */
const PRINTABLE = /^[\x20-\x7E\xA0-\xFF€‘’“”–—…]*$/;

/**
 * An amount as people read it, from the shared formatter: "$1,234.56", "€1,234.56",
 * "-$50.00". A currency whose symbol the PDF fonts cannot print is written "1,234.56 INR" instead.
 */
export function pdfMoney(n: number, currency: string): string {
  const text = formatMoney(n, currency);
  return PRINTABLE.test(text) ? text : `${formatDecimal(n)} ${currency}`;
}

/** The PDF's text, top to bottom, before layout: tested on its own (statement.test.ts). */
export function statementPdfText(s: Statement, letterhead: Letterhead) {
  return {
    letterhead: [
      ...(letterhead.address ?? '')
        .split(';')
        .map((l) => l.trim())
        .filter(Boolean),
      ...(letterhead.contact ? [letterhead.contact] : []),
    ],
    facts: [
      ['Publisher', `${s.publisher.name} (${s.publisher.id})`],
      ['Period', formatMonth(s.period)],
      ['Currency', s.currency],
      ['Status', s.status + (s.paidAt ? `, paid on ${formatDay(s.paidAt)}` : '') + (s.reference ? `, reference ${s.reference}` : '')],
    ] as [string, string][],
    lines: statementLines(s).map(([label, n]): [string, string] => [label, pdfMoney(n, s.currency)]),
  };
}

export async function statementPdf(s: Statement, letterhead: Letterhead): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Statement ${s.period} - ${s.publisher.name}`);
  doc.setProducer(letterhead.name);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts only encode WinAnsi: anything else (e.g. the mask dots) becomes a plain character.
  const safe = (t: string) => [...t.replace(/•/g, '*')].map((c) => (PRINTABLE.test(c) ? c : c === '\u202f' ? ' ' : '?')).join('');
  const ink = rgb(0.1, 0.1, 0.15);
  let y = 800;
  const text = (t: string, x: number, size = 10, f = font) => page.drawText(safe(t), { x, y, size, font: f, color: ink });
  const content = statementPdfText(s, letterhead);
  // The letterhead: who issues the statement and how to reach them, then a rule under it.
  text(letterhead.name, 50, 16, bold);
  y -= 16;
  for (const line of content.letterhead) {
    text(line, 50, 9);
    y -= 12;
  }
  page.drawLine({ start: { x: 50, y: y + 4 }, end: { x: 545, y: y + 4 }, thickness: 0.5, color: ink });
  y -= 20;
  text('Payment statement', 50, 13, bold);
  y -= 22;
  for (const [k, v] of content.facts) {
    text(k, 50, 10, bold);
    text(v, 200, 10);
    y -= 16;
  }
  y -= 12;
  for (const [label, value] of content.lines) {
    const isTotal = label.startsWith('Amount payable') || label.startsWith('Finalized net revenue for');
    const f = isTotal ? bold : font;
    text(label.length > 70 ? `${label.slice(0, 67)}...` : label, 50, 10, f);
    text(value, 545 - f.widthOfTextAtSize(safe(value), 10), 10, f);
    y -= 16;
    if (y < 120) break;
  }
  y -= 16;
  text('Payee', 50, 10, bold);
  text(s.payee ? `${payeeText(s.payee)} (${s.payee.payoutCurrency})` : 'No payment settings on file', 200);
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
