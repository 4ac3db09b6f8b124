import { formatCount } from '../../../lib/format/number-format';

/** The site tag's sample rate as shown on the site's setup: "All page views" or "1 in 20 (5 %)". */
export function sampleRateLabel(oneIn: number): string {
  if (oneIn <= 1) return 'All page views';
  const pct = 100 / oneIn;
  const shown = pct >= 1 ? String(Math.round(pct * 10) / 10) : pct.toPrecision(2);
  return `1 in ${formatCount(oneIn)} (${shown} %)`;
}

/** What sampling means for the figures, in one sentence. */
export function sampleRateHelp(oneIn: number): string {
  if (oneIn <= 1) return 'Every page view is recorded, so counts are exact.';
  return `The tag records one page load in ${formatCount(oneIn)}; each recorded page view counts ${formatCount(oneIn)} times, so page views, visitors and visits are estimates. Core Web Vitals percentiles are over the recorded page loads.`;
}

/**
 * Says which figures are estimated when a site in scope is sampled (one site, or every site of the
 * partner when `siteId` is null), from the sites' rates the API returns; null when all are exact.
 */
export function sampledNotice(sites: readonly { id: string; name: string; sampleOneIn: number }[], siteId: string | null): string | null {
  const inScope = siteId ? sites.filter((s) => s.id === siteId) : sites;
  const sampled = inScope.filter((s) => s.sampleOneIn > 1);
  if (sampled.length === 0) return null;
  const n = (s: { sampleOneIn: number }) => formatCount(s.sampleOneIn);
  if (siteId || inScope.length === 1) {
    const s = sampled[0]!;
    return `Estimated from a 1-in-${n(s)} sample: ${s.name} records one page load in ${n(s)}, so its page views, visitors and visits are estimates.`;
  }
  const list = sampled.map((s) => `${s.name} (1 in ${n(s)})`).join(', ');
  const rest = sampled.length < inScope.length ? " The other sites' figures are exact." : '';
  return `Totals include estimates: ${list} ${sampled.length === 1 ? 'is' : 'are'} sampled, so ${sampled.length === 1 ? 'its' : 'their'} page views, visitors and visits are estimated from the recorded page loads, and so are the totals.${rest}`;
}
