import type { FlagShape, FlagValue } from '@pc/contracts';

/** A flag value as one line of text for tables and inputs. */
export function formatFlagValue(v: FlagValue): string {
  return Array.isArray(v) ? v.join(', ') : String(v);
}

/** Reads what an admin typed into a value of the given shape (the server checks it again). */
export function parseFlagValue(shape: FlagShape, text: string): FlagValue | null {
  const t = text.trim();
  if (shape === 'BOOLEAN') return t === 'true' ? true : t === 'false' ? false : null;
  if (shape === 'SET')
    return t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (t === '' || !Number.isFinite(Number(t))) return null;
  return Number(t);
}
