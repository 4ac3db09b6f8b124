import { Routes } from '@pc/contracts';

/**
 * Sub-views live in the query string (?domain=d5001&view=editor) so every view has a shareable
 * address and the route stays one lazy chunk.
 */
export const ADS_TXT_VIEWS = ['file', 'hosting', 'editor', 'history', 'diff'] as const;
export type AdsTxtView = (typeof ADS_TXT_VIEWS)[number];

export function parseView(value: string | null): AdsTxtView {
  return (ADS_TXT_VIEWS as readonly string[]).includes(value ?? '') ? (value as AdsTxtView) : 'file';
}

export function domainHref(domainId: string, view: AdsTxtView = 'file', extra: Record<string, string | number> = {}): string {
  const q = new URLSearchParams({ domain: domainId });
  if (view !== 'file') q.set('view', view);
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return `${Routes.adsTxt}?${q.toString()}`;
}

export const positiveInt = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
