import type { ColumnKind } from './report-catalog';

/**
 * Number display for every surface (the web, e-mails, files; docs/product.md#validation): comma thousands separator, decimal point. Always en-US, so a
 * browser set to a decimal-comma locale still shows 1,234.56; money uses the publisher's currency.
 */
const LOCALE = 'en-US';
export const EMPTY_CELL = '—';

/**
 * Reads a number that may arrive as text with a decimal comma ("12,5", "1.234,56") and converts
 * the comma to a point. A lone comma followed by exactly three digits ("1,234") is a thousands
 * separator, as are repeated commas.
 */
export function parseDisplayNumber(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  let s = input.trim().replace(/[\s\u00a0]/g, '');
  if (!s) return null;
  const lastComma = s.lastIndexOf(',');
  const lastPoint = s.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) {
    // Both present: the later one is the decimal separator.
    s = lastComma > lastPoint ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const commas = s.split(',').length - 1;
    const decimals = s.length - lastComma - 1;
    s = commas === 1 && decimals !== 3 ? s.replace(',', '.') : s.replace(/,/g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const countFmt = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFmt = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyFmts = new Map<string, Intl.NumberFormat>();

function moneyFmt(currency: string): Intl.NumberFormat {
  let f = moneyFmts.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      // An unknown currency code: show the amount with the code rather than failing the page.
      f = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFmts.set(currency, f);
  }
  return f;
}

/** A decimal comma left by any formatter is turned into a point (docs/product.md#validation). */
const pointDecimal = (s: string) => s.replace(/(\d),(\d{1,2})$/, '$1.$2');

/** 1234567 -> "1,234,567". */
export function formatCount(value: string | number | null | undefined): string {
  const n = parseDisplayNumber(value);
  return n === null ? EMPTY_CELL : countFmt.format(Math.round(n));
}

/** (1, 'site') -> "1 site", (3, 'site') -> "3 sites", (2, 'entry', 'entries') -> "2 entries". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** 1234.5 -> "1,234.50" (no currency symbol). */
export function formatDecimal(value: string | number | null | undefined): string {
  const n = parseDisplayNumber(value);
  return n === null ? EMPTY_CELL : pointDecimal(decimalFmt.format(n));
}

/** 1234.56 in USD -> "$1,234.56"; in EUR -> "€1,234.56". */
export function formatMoney(value: string | number | null | undefined, currency: string): string {
  const n = parseDisplayNumber(value);
  if (n === null) return EMPTY_CELL;
  const f = moneyFmt(currency);
  const text = f.format(n);
  return f.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

/** A ratio (0.1234) -> "12.34%". */
export function formatPercent(ratio: string | number | null | undefined): string {
  const n = parseDisplayNumber(ratio);
  return n === null ? EMPTY_CELL : `${pointDecimal(decimalFmt.format(n * 100))}%`;
}

/** A relative change (0.053) -> "+5.3%"; (-0.2) -> "−20.0%" with a real minus sign. */
export function formatChange(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return EMPTY_CELL;
  const pct = Math.abs(ratio * 100).toFixed(1);
  if (pct === '0.0') return '0.0%';
  return `${ratio > 0 ? '+' : '−'}${pct}%`;
}

/** current vs previous as a ratio of change; null when there is nothing to compare against. */
export function changeRatio(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-05" -> "Mar 5, 2026" (string arithmetic: no time zone can shift the day). */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}` : iso;
}

/**
 * "2026-03-05" (or a UTC timestamp of that day) -> "Mar 5": a day whose year the context gives
 * (chart axes, "Oct 1–Oct 28"), written as formatDay writes it.
 */
export function formatDayShort(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}` : iso;
}

const dateTimeFmts = new Map<string, Intl.DateTimeFormat>();

function dateTimeFmt(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = dateTimeFmts.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    };
    try {
      f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    } catch {
      // An unknown zone name: UTC, still named, rather than failing the page.
      f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
    }
    dateTimeFmts.set(key, f);
  }
  return f;
}

/**
 * A moment (an ISO timestamp, epoch milliseconds or a Date) -> "Mar 5, 2026, 2:03 PM UTC": the
 * day as formatDay writes it, the time, and always the zone's name, so a reader never has to guess
 * which clock it is. `timeZone` (IANA, e.g. the publisher's) defaults to the reader's own zone.
 */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return EMPTY_CELL;
  // en-US puts a narrow no-break space before AM/PM on some ICU versions: one plain space everywhere.
  return dateTimeFmt(timeZone)
    .format(ms)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** "2026-03" -> "Mar 2026". */
export function formatMonth(iso: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : iso;
}

/** Any report cell by its column kind. */
export function formatCell(value: string | number | boolean | null | undefined, kind: ColumnKind | string, currency: string): string {
  if (value === null || value === undefined || typeof value === 'boolean') return EMPTY_CELL;
  switch (kind) {
    case 'count':
      return formatCount(value);
    case 'money':
      return formatMoney(value, currency);
    case 'ratio-percent':
      return formatPercent(value);
    case 'date':
      return formatDay(String(value));
    case 'month':
      return formatMonth(String(value));
    default:
      return String(value);
  }
}

export const isNumericKind = (kind: string) => kind === 'count' || kind === 'money' || kind === 'ratio-percent';
