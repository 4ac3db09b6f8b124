/**
 * One scrape of a server's Prometheus text (GET /metrics, apps/server/src/http/metrics): the
 * benches read the server's own counts and gauges from it rather than trusting the load generator.
 * Note the server's event-loop histogram resets on each scrape (prom-client).
 */
export interface MetricsScrape {
  /** The sample of an unlabelled metric (NaN if absent). */
  value(name: string): number;
  /** The sum of a metric's samples over all its labels (0 if absent). */
  sum(name: string): number;
}

export async function scrapeMetrics(base: string): Promise<MetricsScrape> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const samples = (name: string, labelled: boolean) =>
    [...text.matchAll(new RegExp(`^${name}${labelled ? '(?:\\{[^}]*\\})?' : ''} ([\\d.e+-]+|NaN)$`, 'gm'))].map((m) => Number(m[1]));
  return {
    value: (name) => samples(name, false)[0] ?? NaN,
    sum: (name) => samples(name, true).reduce((a, v) => a + v, 0),
  };
}
