import type { TagBatch, TagEventIn } from './site-tag.batch';

/**
 * The collection endpoint's validator: exactly BatchSchema's rules (site-tag.validate.test.ts
 * checks both agree), written out by hand because it runs for every beacon. zod's generic parse
 * of a ten-event batch cost about three times the JSON.parse before it and was the largest part
 * of a beacon's CPU time; this does the same checks in a few property reads.
 */
type Rec = Record<string, unknown>;
const VITALS = new Set(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number, min = 0): v is string => typeof v === 'string' && v.length <= max && v.length >= min;
/** An optional string with a default: undefined -> '', a wrong type or length -> null. */
const optStr = (v: unknown, max: number): string | null => (v === undefined ? '' : str(v, max) ? v : null);
const int = (v: unknown, min: number, max: number): v is number => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

function readEvent(o: unknown): TagEventIn | null {
  if (!isRec(o)) return null;
  const { t, ts, id, p } = o;
  if (!int(ts, 1, Number.MAX_SAFE_INTEGER) || !str(id, 32, 1) || !str(p, 512) || !p.startsWith('/')) return null;
  if (t === 'pv') {
    const r = optStr(o.r, 1024);
    const us = optStr(o.us, 100);
    const um = optStr(o.um, 100);
    const uc = optStr(o.uc, 100);
    const vw = o.vw === undefined ? 0 : o.vw;
    if (r === null || us === null || um === null || uc === null || !int(vw, 0, 20_000)) return null;
    return { t, ts, id, p, r, us, um, uc, vw };
  }
  if (t === 'en') {
    const { et, sd } = o;
    return int(et, 0, 86_400_000) && int(sd, 0, 100) ? { t, ts, id, p, et, sd } : null;
  }
  if (t === 'wv') {
    const { n, v } = o;
    const a = optStr(o.a, 200);
    if (typeof n !== 'string' || !VITALS.has(n) || typeof v !== 'number' || !(v >= 0 && v <= 600_000) || a === null) return null;
    return { t, ts, id, p, n: n as 'LCP', v, a };
  }
  return null;
}

/** A parsed JSON body -> the batch, 'too-many' (more than `maxEvents`), or null (anything else wrong). */
export function readBatch(json: unknown, maxEvents: number): TagBatch | 'too-many' | null {
  if (!isRec(json) || !Array.isArray(json.e)) return null;
  if (json.e.length > maxEvents) return 'too-many';
  if (!str(json.k, 64, 1) || json.e.length === 0) return null;
  const e: TagEventIn[] = [];
  for (const item of json.e as unknown[]) {
    const ev = readEvent(item);
    if (!ev) return null;
    e.push(ev);
  }
  return { k: json.k, e };
}
