/**
 * ads.txt parser benchmark: parse + validate a deterministic, realistic 20,000-line file.
 * Run with `npx tsx bench/adstxt.ts [iterations]`. Target: median <= 25 ms.
 */
import { parseAdsTxt } from '../packages/contracts/src/adstxt-parser/parse-ads-txt';

const LINES = 20_000;
const TARGET_MS = 25;
const iterations = Number(process.argv[2] ?? 50);

/** mulberry32: tiny seeded PRNG so every run parses the same bytes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYSTEMS: Array<[string, string | null]> = [
  ['google.com', 'f08c47fec0942fa0'],
  ['appnexus.com', 'f5ab79cb980f11d1'],
  ['rubiconproject.com', '0bfd66d529a55807'],
  ['openx.com', '6a698e2ec38604c6'],
  ['pubmatic.com', '5d62403b186f2ace'],
  ['indexexchange.com', '50b1c356f2c5c8fc'],
  ['sovrn.com', 'fafdf38b16bf6b2b'],
  ['triplelift.com', '6c33edb13117fd86'],
  ['sharethrough.com', 'd53b998a7bd4ecd2'],
  ['smartadserver.com', null],
  ['33across.com', 'bbea06d9c4d2853c'],
  ['yieldmo.com', null],
  ['media.net', null],
  ['sonobi.com', 'd1a215d9eb5aee9e'],
  ['Video.Unrulymedia.com', '6f752381ad5ec9f7'],
  ['adform.com', null],
];

/** Exchange-style file: mostly records, some comments, variables, CRLF, odd case, a few bad lines. */
export function generateAdsTxt(lines: number, seed = 20240501): string {
  const rand = prng(seed);
  const out: string[] = [
    '# Large exchange-style ads.txt (generated)',
    'OWNERDOMAIN=bignews.com',
    'MANAGERDOMAIN=bignews-network.com',
    'CONTACT=adops@bignews.com',
  ];
  let n = 0;
  while (out.length < lines) {
    const r = rand();
    if (r < 0.03) {
      out.push(`# ---- partner block ${out.length} ----`);
      continue;
    }
    if (r < 0.04) {
      out.push('');
      continue;
    }
    const [domain, cert] = SYSTEMS[Math.floor(rand() * SYSTEMS.length)] ?? ['google.com', null];
    n++;
    // Some repeats (duplicates) and the odd invalid line, as in real files.
    const account = rand() < 0.02 ? String(100000 + (n >> 1) * 7) : String(100000 + n * 7);
    const relationship = rand() < 0.3 ? 'DIRECT' : rand() < 0.97 ? 'RESELLER' : 'reseller';
    let line = `${domain}, ${account}, ${relationship}${cert ? `, ${cert}` : ''}`;
    if (rand() < 0.1) line += ` # seat ${n}`;
    if (rand() < 0.002) line = `${domain} ${account}`;
    out.push(line);
  }
  return `${out.join('\r\n')}\r\n`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function main(): void {
  const text = generateAdsTxt(LINES);
  for (let i = 0; i < 10; i++) parseAdsTxt(text); // warm-up: let the JIT optimise the hot loop
  const times: number[] = [];
  let records = 0;
  let problems = 0;
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const parsed = parseAdsTxt(text);
    times.push(performance.now() - start);
    records = parsed.records.length;
    problems = parsed.problems.length;
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`ads.txt parse+validate: ${LINES} lines, ${(text.length / 1024).toFixed(0)} KiB, ${records} records, ${problems} problems`);
  console.log(
    `iterations ${iterations}: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, target <= ${TARGET_MS} ms -> ${median <= TARGET_MS ? 'PASS' : 'FAIL'}`,
  );
  if (median > TARGET_MS) process.exitCode = 1;
}

main();
