// Installs chDB (ClickHouse's engine in-process, ~550 MB) into .cache/chdb for the ClickHouse engine
// tests, outside the workspace's node_modules so the default `npm install` stays lean. CI runs it
// before the tests; locally the ClickHouse suite is skipped until it has run once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// 3.4.0 pins its native library (@chdb/lib-linux-x64-gnu 26.7.3-stable.1, ClickHouse 26.7).
const CHDB = 'chdb@3.4.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.PC_CHDB_DIR ?? path.join(root, '.cache', 'chdb');

if (existsSync(path.join(dir, 'node_modules', 'chdb', 'package.json'))) {
  console.log(`chdb already installed in ${dir}`);
} else {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'pc-chdb', private: true }) + '\n');
  const started = Date.now();
  // --ignore-scripts: chdb's install script is a no-op and the binary comes as a prebuilt package.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', '--prefix', dir, CHDB], {
    stdio: 'inherit',
  });
  console.log(`chdb installed in ${dir} in ${Math.round((Date.now() - started) / 1000)} s`);
}
