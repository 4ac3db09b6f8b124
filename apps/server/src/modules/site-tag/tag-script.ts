import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TagScript {
  js: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tag/site-tag.ts');
let built: Promise<TagScript> | null = null;

/**
 * The tag bundled once per process (web-vitals inlined, ES2022 for the browsers that report INP)
 * and kept compressed: every site gets the same bytes, the key is read from the script's URL.
 */
export function tagScript(): Promise<TagScript> {
  built ??= (async () => {
    const esbuild = await import('esbuild');
    const out = await esbuild.build({
      entryPoints: [ENTRY],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
      legalComments: 'none',
      write: false,
    });
    const js = Buffer.from(out.outputFiles[0]!.contents);
    return {
      js,
      gzip: gzipSync(js, { level: 9 }),
      br: brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${createHash('sha256').update(js).digest('hex').slice(0, 16)}"`,
    };
  })();
  return built;
}
