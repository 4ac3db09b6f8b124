import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics } from './server-metrics';

// What prom-client writes (abridged): unlabelled gauges, and a histogram's counts per label set.
const TEXT = `# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.
# TYPE nodejs_eventloop_lag_p99_seconds gauge
nodejs_eventloop_lag_p99_seconds 0.012
pc_site_tag_events_accepted 678720
http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/x",status_code="200"} 90
http_request_duration_seconds_count{method="GET",route="/api/x",status_code="200"} 100
http_request_duration_seconds_count{method="POST",route="/api/y",status_code="400"} 3
nodejs_gc_duration_seconds_sum{kind="minor"} 1.5e-1
`;
const server = createServer((_req, res) => res.end(TEXT));
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('scrapeMetrics', () => {
  it('reads unlabelled samples and sums labelled ones', async () => {
    const m = await scrapeMetrics(base);
    expect(m.value('nodejs_eventloop_lag_p99_seconds')).toBe(0.012);
    expect(m.value('pc_site_tag_events_accepted')).toBe(678720);
    expect(m.sum('http_request_duration_seconds_count')).toBe(103);
    expect(m.sum('nodejs_gc_duration_seconds_sum')).toBe(0.15);
  });

  it('says a missing metric is missing (NaN) rather than zero, and sums none to 0', async () => {
    const m = await scrapeMetrics(base);
    expect(m.value('pc_site_tag_events_stored')).toBeNaN();
    expect(m.sum('no_such_metric')).toBe(0);
  });
});
