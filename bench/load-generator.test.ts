import { describe, expect, it } from 'vitest';
import { parseWrk } from './load-generator';

// Output of Debian's wrk 4.1.0 (`wrk -t1 -c4 -d1s --latency ... && times`) against a server that
// answered 500, captured on this machine; the socket-error line is wrk's own format for failures.
const OUTPUT = `Running 1s test @ http://127.0.0.1:18999/bad
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   252.06us  519.05us   7.11ms   92.99%
    Req/Sec    29.45k    10.96k   37.29k    81.82%
  Latency Distribution
     50%  101.00us
     75%  141.00us
     90%  395.00us
     99%    2.80ms
  32177 requests in 1.10s, 4.39MB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 32177
Requests/sec:  29267.04
Transfer/sec:      3.99MB
0m0.002s 0m0.000s
0m0.044s 0m0.372s
`;

describe('parseWrk', () => {
  it('reads throughput, percentiles in ms, errors and the CPU wrk used', () => {
    expect(parseWrk(OUTPUT)).toEqual({
      rps: 29267.04,
      p50Ms: 0.101,
      p99Ms: 2.8,
      errors: 32177 + 7,
      generatorCpuS: 0.416,
    });
  });

  it('fails loudly on output it does not understand rather than reporting 0 req/s', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/unexpected wrk output/);
  });
});
