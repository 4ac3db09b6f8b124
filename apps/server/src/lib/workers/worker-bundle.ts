import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A worker's TypeScript as one plain-JS file, so the thread loads no TypeScript loader.
 * A worker entry that registers tsx (register-tsx.mjs) costs each thread tsx, its
 * loader hooks and a transform of every imported file; the export job's memory target (<= 100 MB
 * RSS growth for a 1 M-row export) had no room for that. esbuild (tsx's own compiler) bundles
 * the entry's local imports into one ES module; packages stay imports.
 *
 * The file is written on first use into node_modules/.cache/pc-workers (beside the packages, so
 * its package imports resolve as the server's do), named by a hash of its content: processes and
 * restarts reuse or rewrite it, never a stale one. Written to a temp name and renamed, so a second
 * process never loads half a file. When bundling fails (no esbuild, read-only tree), `fallback`
 * (an entry that registers tsx) is used: slower to start and heavier, the same code and bytes.
 */
export async function bundledWorker(entry: URL, fallback: URL): Promise<{ filename: string; bundled: boolean }> {
  try {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents;
    if (!code) throw new Error('esbuild wrote no output');
    const dir = path.join(packagesDir(), '.cache', 'pc-workers');
    const name = `${path.basename(fileURLToPath(entry)).replace(/\.ts$/, '')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
    const file = path.join(dir, name);
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, code);
      await rename(tmp, file);
    }
    return { filename: pathToFileURL(file).href, bundled: true };
  } catch {
    return { filename: fallback.href, bundled: false };
  }
}

/** The node_modules folder the server's packages load from (piscina's, which every worker has). */
function packagesDir(): string {
  const piscina = createRequire(import.meta.url).resolve('piscina');
  const at = piscina.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (at < 0) throw new Error(`piscina is not under a node_modules folder: ${piscina}`);
  return piscina.slice(0, at + '/node_modules'.length);
}
