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

/**
 * Tells the publisher's people when a crawl finds the file gone or missing more required lines
 * than before: revenue stops on those lines until it is fixed, so it is worth an e-mail.
 */
export async function alertOnWorsening(deps: {
  mailer: Mailer;
  recipients: string[];
  domain: string;
  pageUrl: string;
  what: string;
  productName: string;
}): Promise<void> {
  for (const to of deps.recipients) {
    await deps.mailer.send({
      to,
      subject: `${deps.domain}: ${deps.what.startsWith('its ads.txt file') ? 'ads.txt has disappeared' : 'ads.txt lost required lines'}`,
      text:
        `Our daily check of ${deps.domain} found that ${deps.what}.\n\n` +
        'Buyers only bid through sellers listed in ads.txt, so revenue on the affected lines stops until the file is fixed.\n' +
        `See what is missing and copy the lines to add: ${deps.pageUrl}\n\n` +
        `${deps.productName}`,
    });
  }
}
