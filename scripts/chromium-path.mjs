// Prints the Chromium that Playwright launches, so `npm test` needs nothing but Node:
// CHROMIUM_PATH when set, else Debian's /usr/bin/chromium when installed, else the Chromium the
// @sparticuz/chromium package ships inside the npm registry (unpacked to /tmp on first use).
// PC_CHROMIUM=bundled skips Debian's, to prove the fallback on a machine that has both.
import { existsSync } from 'node:fs';

const SYSTEM = '/usr/bin/chromium';

async function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (process.env.PC_CHROMIUM !== 'bundled' && existsSync(SYSTEM)) return SYSTEM;
  const { default: bundled } = await import('@sparticuz/chromium');
  return bundled.executablePath();
}

process.stdout.write(await chromiumPath());
