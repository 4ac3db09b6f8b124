/**
 * Gzipped JavaScript needed to render /login and the home page, measured in a real browser: builds
 * the web app, starts the server, records every script Chromium loads until the page is idle, and
 * sums each file's gzip size. Target: /login <= 150 KB gzipped. Then a Lighthouse-method
 * performance estimate of /login on simulated mobile (bench/lab-score.ts; target >= 0.95).
 * Usage: npm run bench:bundle [-- --runs=N]   (N cold loads of /login, median figures; default 3)
 */
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from '../e2e/support/chromium-path';
import { execSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { labScore, measureLab, type LabMetrics } from './lab-score';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function scriptsFor(page: Page, go: () => Promise<void>): Promise<string[]> {
  const seen = new Set<string>();
  const onResponse = (r: { url(): string }) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) seen.add(u.pathname);
  };
  page.on('response', onResponse);
  await go();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return [...seen];
}

function report(name: string, files: string[], target?: number) {
  const total = files.reduce((sum, f) => sum + gz(path.join(dist, f)), 0);
  console.log(
    `${name.padEnd(12)} ${String(files.length).padStart(3)} scripts  ${kb(total).padStart(9)} gzipped${target ? `  (target <= ${kb(target)}: ${total <= target ? 'PASS' : 'FAIL'})` : ''}`,
  );
}

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);

async function reportLab(browser: Parameters<typeof measureLab>[0]) {
  const runs: LabMetrics[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureLab(browser, `${BASE}/login`));
  const median = (k: keyof LabMetrics) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const m: LabMetrics = { fcp: median('fcp'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls') };
  const score = labScore(m);
  // Lighthouse's "good" thresholds on mobile for each figure, next to what was measured.
  const rows: [string, string, string, boolean][] = [
    ['FCP', `${(m.fcp / 1000).toFixed(2)} s`, '<= 1.80 s', m.fcp <= 1800],
    ['LCP', `${(m.lcp / 1000).toFixed(2)} s`, '<= 2.50 s', m.lcp <= 2500],
    ['TBT', `${Math.round(m.tbt)} ms`, '<= 200 ms', m.tbt <= 200],
    ['CLS', m.cls.toFixed(3), '<= 0.100', m.cls <= 0.1],
    ['score (estimate)', score.toFixed(2), '>= 0.95', score >= 0.95],
  ];
  console.log(`/login lab, simulated mobile, median of ${RUNS} cold loads:`);
  console.log(`  ${'figure'.padEnd(18)}${'measured'.padStart(10)}${'target'.padStart(12)}`);
  for (const [name, value, target, pass] of rows)
    console.log(`  ${name.padEnd(18)}${value.padStart(10)}${target.padStart(12)}  ${pass ? 'PASS' : 'FAIL'}`);
}

const READY_WITHIN_MS = 180_000;

/**
 * Waits for the server to answer /healthz (its embedded PostgreSQL and the demo seed take from
 * seconds to minutes on a loaded machine); fails at once if the server exits, and with a clear
 * message after three minutes, instead of measuring a page that is not served yet.
 */
async function waitUntilServing(server: ReturnType<typeof spawn>): Promise<void> {
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? -1));
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The server exited (code ${exited}) before answering /healthz on port ${PORT}.`);
    const ok = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`The server did not answer /healthz on port ${PORT} within ${READY_WITHIN_MS / 1000} s.`);
}

async function main() {
  execSync('npm run build -w @pc/web', { cwd: root, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-bundle-'));
  chmodSync(dataDir, 0o755);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await waitUntilServing(server);
    const page = await browser.newPage();
    const login = await scriptsFor(page, async () => {
      await page.goto(`${BASE}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    // Signing in loads the validation chunk; count it with the home page, where it is needed.
    const home = await scriptsFor(page, async () => {
      await page.getByLabel('Email').fill(DEMO_EMAILS.single);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    });
    report('/login', login, 150 * 1024);
    report('home (+)', home);
    report('home total', [...new Set([...login, ...home])]);
    await reportLab(browser);
  } finally {
    await browser.close();
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
