import { describe, expect, it } from 'vitest';
import { bucketQuantileMs, histogramDelta, parseRouteHistograms, routeOf } from './load-server-latency';

// The server's request histogram as prom-client writes it (apps/server/src/http/metrics/metrics.ts), cut to three buckets.
const scrape = (
  ok: number[],
  notFound: number[],
) => `# HELP http_request_duration_seconds HTTP request duration by method, route pattern and status code.
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/adstxt/domains/:domainId",status_code="200"} ${ok[0]}
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/api/adstxt/domains/:domainId",status_code="200"} ${ok[1]}
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/adstxt/domains/:domainId",status_code="200"} ${ok[2]}
http_request_duration_seconds_sum{method="GET",route="/api/adstxt/domains/:domainId",status_code="200"} 1.5
http_request_duration_seconds_count{method="GET",route="/api/adstxt/domains/:domainId",status_code="200"} ${ok[2]}
http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/adstxt/domains/:domainId",status_code="404"} ${notFound[0]}
http_request_duration_seconds_bucket{le="0.25",method="GET",route="/api/adstxt/domains/:domainId",status_code="404"} ${notFound[1]}
http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/adstxt/domains/:domainId",status_code="404"} ${notFound[2]}
http_request_duration_seconds_bucket{le="0.05",method="POST",route="/api/identity/sign-in",status_code="200"} 0
http_request_duration_seconds_bucket{le="0.25",method="POST",route="/api/identity/sign-in",status_code="200"} 1
http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/identity/sign-in",status_code="200"} 1
`;

describe('server-side latency from the request histogram', () => {
  it('sums a route over status codes and reads the p95 bucket', () => {
    const h = parseRouteHistograms(scrape([90, 98, 100], [10, 10, 10]));
    expect(h.get('GET /api/adstxt/domains/:domainId')).toEqual(
      new Map([
        [0.05, 100],
        [0.25, 108],
        [Infinity, 110],
      ]),
    );
    expect(bucketQuantileMs(h.get('GET /api/adstxt/domains/:domainId'), 0.5)).toBe(50);
    expect(bucketQuantileMs(h.get('GET /api/adstxt/domains/:domainId'), 0.95)).toBe(250);
    expect(bucketQuantileMs(undefined, 0.95)).toBeNaN();
  });

  it('counts only the leg: after minus before, added over the servers', () => {
    const before = [parseRouteHistograms(scrape([90, 98, 100], [0, 0, 0]))];
    const after = [parseRouteHistograms(scrape([100, 108, 110], [0, 0, 0])), parseRouteHistograms(scrape([0, 0, 20], [0, 0, 0]))];
    const d = histogramDelta(after, before).get('GET /api/adstxt/domains/:domainId')!;
    expect([...d]).toEqual([
      [0.05, 10],
      [0.25, 10],
      [Infinity, 30],
    ]);
    // 10 of 30 under 250 ms: the p95 is past the last finite bucket.
    expect(bucketQuantileMs(d, 0.95)).toBe(Infinity);
  });

  it('finds the route pattern that serves a request path, by method', () => {
    const h = parseRouteHistograms(scrape([1, 1, 1], [0, 0, 0]));
    expect(routeOf(h, 'GET', '/api/adstxt/domains/d-1?x=1')).toBe('GET /api/adstxt/domains/:domainId');
    expect(routeOf(h, 'POST', '/api/identity/sign-in')).toBe('POST /api/identity/sign-in');
    expect(routeOf(h, 'GET', '/api/identity/sign-in')).toBeUndefined();
    expect(routeOf(h, 'GET', '/api/adstxt/domains')).toBeUndefined();
  });
});
