/**
 * A Lighthouse-method performance estimate for one page load, measured in the
 * Chromium the e2e tests use: the page loads on a throttled connection and a slowed CPU (roughly
 * Lighthouse's simulated mobile: 150 ms RTT, 1.6 Mbit/s, 4x CPU), its FCP, LCP, blocking time and
 * layout shift are read from the browser's own performance entries, and each is scored on
 * Lighthouse's mobile curves and weights. Lighthouse itself is not installed (a large dependency),
 * and Speed Index, which needs a filmstrip, is taken as the LCP: so this is an estimate, printed as
 * such, not Lighthouse's number.
 */
import type { Browser } from '@playwright/test';

export interface LabMetrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** Lighthouse 10+ mobile scoring curves (p10 and median of the log-normal) and weights. */
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
};

function erf(x: number): number {
  const sign = Math.sign(x);
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-ax * ax));
}

/** Lighthouse's log-normal score of one metric, 0..1. */
export function logNormalScore(value: number, { p10, median }: { p10: number; median: number }): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9062938188) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, (1 - erf(standardized)) / 2));
}

export function labScore(m: LabMetrics): number {
  const parts: [number, { p10: number; median: number; weight: number }][] = [
    [m.fcp, CURVES.fcp],
    [m.lcp, CURVES.si],
    [m.lcp, CURVES.lcp],
    [m.tbt, CURVES.tbt],
    [m.cls, CURVES.cls],
  ];
  return parts.reduce((sum, [v, c]) => sum + c.weight * logNormalScore(v, c), 0);
}

/**
 * Runs in the page before its own scripts (a string: the bench has no DOM types). Blocking time
 * counts long tasks after the first paint, as Lighthouse's TBT does.
 */
const OBSERVERS = `
  const lab = (window.__lab = { fcp: 0, lcp: 0, tbt: 0, cls: 0 });
  const watch = (type, fn) => new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') lab.fcp = e.startTime; });
  watch('largest-contentful-paint', (e) => { lab.lcp = e.startTime; });
  watch('longtask', (e) => { if (lab.fcp && e.startTime >= lab.fcp) lab.tbt += Math.max(0, e.duration - 50); });
  watch('layout-shift', (e) => { if (!e.hadRecentInput) lab.cls += e.value; });
`;

/** Loads `url` cold on a throttled connection and CPU and reads its paint, blocking and shift figures. */
export async function measureLab(browser: Browser, url: string): Promise<LabMetrics> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(OBSERVERS);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Quiet for a moment so late long tasks and the final LCP candidate are in.
    await page.waitForTimeout(1_500);
    return (await page.evaluate('window.__lab')) as LabMetrics;
  } finally {
    await context.close();
  }
}
