/**
 * The servers' own view of a leg's latency: their request histogram (`http_request_duration_seconds`
 * on /metrics, by method and route pattern) read before and after, so the bench can print beside
 * each request type's p95 at the client the p95 the servers measured. A type slow at the client
 * but fast at the server waited outside the handler (the generator, the socket, a core); slow at
 * both, the time went in the server.
 */

/** Cumulative bucket counts by "METHOD route" and upper bound (seconds; Infinity for +Inf). */
export type RouteHistograms = Map<string, Map<number, number>>;

/** The request histogram's buckets in a Prometheus text scrape, summed over status codes. */
export function parseRouteHistograms(text: string): RouteHistograms {
  const out: RouteHistograms = new Map();
  for (const m of text.matchAll(/^http_request_duration_seconds_bucket\{([^}]*)\} ([\d.e+-]+)$/gm)) {
    const labels = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]));
    const key = `${labels.method} ${labels.route}`;
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    const buckets = out.get(key) ?? new Map<number, number>();
    buckets.set(le, (buckets.get(le) ?? 0) + Number(m[2]));
    out.set(key, buckets);
  }
  return out;
}

/** after - before, added over servers. */
export function histogramDelta(after: readonly RouteHistograms[], before: readonly RouteHistograms[]): RouteHistograms {
  const out: RouteHistograms = new Map();
  const add = (h: RouteHistograms, sign: number) => {
    for (const [key, buckets] of h) {
      const o = out.get(key) ?? new Map<number, number>();
      for (const [le, n] of buckets) o.set(le, (o.get(le) ?? 0) + sign * n);
      out.set(key, o);
    }
  };
  after.forEach((h) => add(h, 1));
  before.forEach((h) => add(h, -1));
  return out;
}

/** The upper bound (ms) of the bucket holding the p-th quantile: "p95 <= 250 ms". NaN without requests. */
export function bucketQuantileMs(buckets: ReadonlyMap<number, number> | undefined, p: number): number {
  if (!buckets) return NaN;
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0) return NaN;
  const hit = sorted.find(([, n]) => n >= total * p);
  return hit ? hit[0] * 1000 : NaN;
}

/** The route pattern (`/api/adstxt/domains/:domainId`) that serves a request path, of those in the histograms. */
export function routeOf(h: RouteHistograms, method: string, path: string): string | undefined {
  const bare = path.split('?')[0]!;
  return [...h.keys()].find((key) => {
    const [m, route] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
    return m === method && pattern.test(bare);
  });
}

export async function scrapeRouteHistograms(base: string): Promise<RouteHistograms> {
  return parseRouteHistograms(await (await fetch(`${base}/metrics`)).text());
}
