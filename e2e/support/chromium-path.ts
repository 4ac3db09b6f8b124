import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The Chromium to launch (scripts/chromium-path.mjs: CHROMIUM_PATH, Debian's, or the one from the
 * npm registry). Run as a child because unpacking the bundled one is asynchronous and Playwright's
 * config is not.
 */
export function chromiumPath(): string {
  const script = fileURLToPath(new URL('../../scripts/chromium-path.mjs', import.meta.url));
  return execFileSync(process.execPath, [script], { encoding: 'utf8' }).trim();
}
