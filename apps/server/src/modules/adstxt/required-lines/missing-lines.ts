import type { AdsTxtRecord, ParsedAdsTxt } from '@pc/contracts/adstxt-parser/ads-txt-types';
import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import { recordMatchKey, serializeRecord } from '@pc/contracts/adstxt-parser/serialize-ads-txt';

export interface MissingLine {
  /** The required record (line numbers refer to the required-lines text). */
  record: AdsTxtRecord;
  /** Canonical text to copy into the publisher's ads.txt. */
  line: string;
}

/**
 * Required records absent from the publisher's file. A record counts as present when domain,
 * account id and relationship match, ignoring case; the certification authority id and
 * extensions are ignored because they do not change who is authorized. Each missing seller is
 * reported once, in template order. Variable lines in the required text are not compared.
 */
export function missingLines(required: string, actual: ParsedAdsTxt): MissingLine[] {
  const present = new Set<string>();
  for (const record of actual.records) present.add(recordMatchKey(record));
  const missing: MissingLine[] = [];
  for (const record of parseAdsTxt(required).records) {
    const key = recordMatchKey(record);
    if (present.has(key)) continue;
    present.add(key); // report a repeated required line once
    missing.push({ record, line: serializeRecord(record, { includeExtension: false }) });
  }
  return missing;
}

/** The missing lines as a ready-to-paste block (one per line, trailing newline). */
export function missingLinesText(missing: readonly MissingLine[]): string {
  return missing.length === 0 ? '' : `${missing.map((m) => m.line).join('\n')}\n`;
}
