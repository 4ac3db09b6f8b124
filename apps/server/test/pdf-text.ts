import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws: pdf-lib deflates each content stream and writes a standard font's text
 * as hex strings (`<48656C6C6F> Tj`), one per drawText, in WinAnsi (0x80 is the euro sign).
 */
export function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  for (const stream of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(stream[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // a stream that is not deflated holds no page text
    }
    for (const m of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1').replace(/\x80/g, '€'));
  }
  return out;
}
