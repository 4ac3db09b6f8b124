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
/** The free identifier the bundle keeps for the site's sample rate; replaced per rate when served. */
const ONE_IN = '__PC_ONE_IN__';
let bundled: Promise<string> | null = null;
const variants = new Map<number, Promise<TagScript>>();

/**
 * The tag bundled once per process (web-vitals inlined, ES2022 for the browsers that report INP)
 * and kept compressed per sample rate (a handful of values): sites with the same rate get the same
 * bytes, the key is read from the script's URL. `oneIn`: the site records one page load in N.
 */
export function tagScript(oneIn = 1): Promise<TagScript> {
  const n = Number.isInteger(oneIn) && oneIn >= 1 ? oneIn : 1;
  let v = variants.get(n);
  if (!v) {
    v = bundle().then((code) => compressed(code.split(ONE_IN).join(String(n))));
    variants.set(n, v);
  }
  return v;
}

function compressed(source: string): TagScript {
  const js = Buffer.from(source);
  return {
    js,
    gzip: gzipSync(js, { level: 9 }),
    br: brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha256').update(js).digest('hex').slice(0, 16)}"`,
  };
}

function bundle(): Promise<string> {
  bundled ??= (async () => {
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
    const code = out.outputFiles[0]!.text;
    if (!code.includes(ONE_IN)) throw new Error(`site tag bundle lost its ${ONE_IN} placeholder`);
    return code;
  })();
  return bundled;
}
