import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import { fillTemplate, TemplateFillError } from './fill-template';
import { missingLines } from './missing-lines';

export interface PublisherIds {
  publisher_id: string;
  pub_an_id: string | null;
  appnexus_direct_id: string | null;
}

/**
 * The provider template filled with one publisher's ids, line by line: a line naming an id the
 * publisher does not have (e.g. no AppNexus direct id) is left out rather than failing the whole
 * template or publishing a half-filled line.
 */
export function requiredLinesFor(template: string, ids: PublisherIds): string[] {
  const values = {
    publisher_id: ids.publisher_id,
    pub_an_id: ids.pub_an_id,
    appnexus_marketplace_id: ids.pub_an_id,
    appnexus_direct_id: ids.appnexus_direct_id,
  };
  const out: string[] = [];
  for (const raw of template.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    try {
      out.push(fillTemplate(line, values));
    } catch (err) {
      if (!(err instanceof TemplateFillError)) throw err;
    }
  }
  return out;
}

/** Required lines whose seller (domain, account, relationship) the file does not carry. */
export function missingRequiredLines(required: string[], fileContent: string): string[] {
  return missingLines(required.join('\n'), parseAdsTxt(fileContent)).map((m) => m.line);
}

/** Own lines as saved, then the required lines they lack, under a comment saying why. */
export function hostedFileContent(own: string, required: string[]): string {
  const body = own
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '')
    .replace(/\n*$/, '');
  const missing = missingRequiredLines(required, body);
  const parts = [body];
  if (missing.length) parts.push(`# Required by Partners Center\n${missing.join('\n')}`);
  return parts.filter((p) => p !== '').join('\n') + '\n';
}
