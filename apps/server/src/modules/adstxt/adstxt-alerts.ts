import type { Mailer } from '../../mail/mailer';
import type { AdsTxtStatus } from './domain-summary';

export interface DomainState {
  status: AdsTxtStatus;
  missingCount: number;
}

/** What got worse between two crawls, in words; null when nothing did. */
export function worsening(before: DomainState | null, after: DomainState): string | null {
  if (!before) return null;
  if (after.status === 'not_found' && before.status !== 'not_found')
    return 'its ads.txt file has disappeared (the site answers “not found”)';
  const readable = (s: AdsTxtStatus) => s === 'authorized' || s === 'missing_lines';
  if (readable(before.status) && readable(after.status) && after.missingCount > before.missingCount) {
    const lost = after.missingCount - before.missingCount;
    return `its ads.txt has lost ${lost} required line${lost === 1 ? '' : 's'} (${after.missingCount} now missing)`;
  }
  return null;
}

export interface WorseningWords {
  domain: string;
  pageUrl: string;
  what: string;
  productName: string;
}

/** The alert's subject and text: what got worse, why it costs revenue, where to fix it. */
export function worseningMessage(w: WorseningWords): { subject: string; text: string } {
  return {
    subject: `${w.domain}: ${w.what.startsWith('its ads.txt file') ? 'ads.txt has disappeared' : 'ads.txt lost required lines'}`,
    text:
      `Our daily check of ${w.domain} found that ${w.what}.\n\n` +
      'Buyers only bid through sellers listed in ads.txt, so revenue on the affected lines stops until the file is fixed.\n' +
      `See what is missing and copy the lines to add: ${w.pageUrl}\n\n` +
      `${w.productName}`,
  };
}

/**
 * Tells the publisher's people when a crawl finds the file gone or missing more required lines
 * than before: revenue stops on those lines until it is fixed, so it is worth an e-mail. Used only
 * when no incident mail carries these words (see createCrawlAndStore).
 */
export async function alertOnWorsening(deps: WorseningWords & { mailer: Mailer; recipients: string[] }): Promise<void> {
  const { subject, text } = worseningMessage(deps);
  for (const to of deps.recipients) await deps.mailer.send({ to, subject, text });
}
