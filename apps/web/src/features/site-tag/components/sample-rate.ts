/** The site tag's sample rate as shown on the site's setup: "All page views" or "1 in 20 (5 %)". */
export function sampleRateLabel(oneIn: number): string {
  if (oneIn <= 1) return 'All page views';
  const pct = 100 / oneIn;
  const shown = pct >= 1 ? String(Math.round(pct * 10) / 10) : pct.toPrecision(2);
  return `1 in ${oneIn.toLocaleString('en-US')} (${shown} %)`;
}

/** What sampling means for the figures, in one sentence. */
export function sampleRateHelp(oneIn: number): string {
  if (oneIn <= 1) return 'Every page view is recorded, so counts are exact.';
  return `The tag records one page load in ${oneIn.toLocaleString('en-US')}; each recorded page view counts ${oneIn.toLocaleString('en-US')} times, so page views, visitors and visits are estimates. Core Web Vitals percentiles are over the recorded page loads.`;
}
