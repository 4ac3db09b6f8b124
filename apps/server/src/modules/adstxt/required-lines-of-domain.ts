import { parseAdsTxt } from './parser/parse-ads-txt';
import { recordMatchKey } from './parser/serialize-ads-txt';

export interface PublisherIds {
  publisher_id: string;
  pub_an_id: string | null;
  appnexus_direct_id: string | null;
}

/**
 * The provider template filled with one publisher's ids. A line naming an id the publisher does
 * not have (e.g. no AppNexus direct id) is left out rather than published half-filled.
 */
export function requiredLinesFor(template: string, ids: PublisherIds): string[] {
  const values: Record<string, string | null> = {
    publisher_id: ids.publisher_id,
    pub_an_id: ids.pub_an_id,
    appnexus_marketplace_id: ids.pub_an_id,
    appnexus_direct_id: ids.appnexus_direct_id,
  };
  const out: string[] = [];
  for (const raw of template.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    let complete = true;
    const filled = line.replace(/\{([a-z_]+)\}/g, (_m, key: string) => {
      const v = values[key];
      if (!v) complete = false;
      return v ?? '';
    });
    if (complete) out.push(filled);
  }
  return out;
}

/** Required lines whose (domain, account, relationship) the file does not carry. */
export function missingRequiredLines(required: string[], fileContent: string): string[] {
  const have = new Set(parseAdsTxt(fileContent).records.map(recordMatchKey));
  return required.filter((line) => {
    const rec = parseAdsTxt(line).records[0];
    return rec ? !have.has(recordMatchKey(rec)) : false;
  });
}

/** Own lines as saved, then the required lines they lack, under a comment saying why. */
export function hostedFileContent(own: string, required: string[]): string {
  const body = own.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '').replace(/\n*$/, '');
  const missing = missingRequiredLines(required, body);
  const parts = [body];
  if (missing.length) parts.push(`# Required by Partners Center\n${missing.join('\n')}`);
  return parts.filter((p) => p !== '').join('\n') + '\n';
}
