// Builds the web app when apps/web/dist is missing or older than its sources, so `npm start`
// on a fresh clone serves the real UI and later starts skip the build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The pre-rendered sign-in page is written last (npm run build -w @pc/web builds the app, the
// sign-in entry, then pre-renders it).
const dist = path.join(root, 'apps/web/dist/sign-in/login.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/sign-in.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.sign-in.config.ts',
  'apps/web/vite.prerender.config.ts',
  'apps/web/scripts',
  'packages/contracts/src',
  'apps/web/public',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (built < changed) {
  console.log(built ? 'Web sources changed; rebuilding the web app…' : 'Building the web app (first start)…');
  const started = Date.now();
  // Warnings and errors only: the per-file size table is for `npm run build`, not for start-up.
  execSync('npm run build -w @pc/web -- --logLevel warn', { cwd: root, stdio: 'inherit' });
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
