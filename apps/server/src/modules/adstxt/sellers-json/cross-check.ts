import type { AdsTxtRecord, SellerCheck } from '@pc/contracts';
import type { SellerEntry } from './sellers-json-stream';

/** One record checked against its advertising system's sellers.json (the contract's shape). */
export type SellerFinding = SellerCheck;

/** The cross-check's view of one advertising system's sellers.json. */
export type SystemSellers =
  /** `checked`, when given, lists the ids already looked up; others are not judged yet. */
  { available: true; found: ReadonlyMap<string, SellerEntry>; checked?: ReadonlySet<string> } | { available: false; reason: string };

/** `sub.example.co.uk` and `example.co.uk` belong together; compare on the shorter as a suffix. */
function sameSite(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/^www\./, '');
  const y = b.toLowerCase().replace(/^www\./, '');
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

/**
 * Checks DIRECT and RESELLER records against the sellers.json of their advertising system, as
 * buyers' supply-chain validation does (IAB sellers.json 1.0 with ads.txt 1.1):
 * - the account id must be a seller_id there;
 * - DIRECT means the seller is the publisher (seller_type PUBLISHER or BOTH), RESELLER means an
 *   intermediary (INTERMEDIARY or BOTH);
 * - for DIRECT, the seller's domain should be the publisher's own (the file's domain or OWNERDOMAIN);
 * - a confidential seller cannot be verified by anyone, which buyers may treat as a risk.
 */
export function crossCheckSellers(
  records: readonly AdsTxtRecord[],
  publisherDomains: readonly string[],
  sellersBySystem: ReadonlyMap<string, SystemSellers>,
): SellerFinding[] {
  const findings: SellerFinding[] = [];
  for (const r of records) {
    const system = sellersBySystem.get(r.domain);
    if (!system) continue;
    if (!system.available) {
      findings.push({ line: r.line, code: 'sellers_json_unavailable', severity: 'info', reason: system.reason });
      continue;
    }
    const seller = system.found.get(r.accountId);
    if (!seller && system.checked && !system.checked.has(r.accountId)) continue;
    if (!seller) {
      findings.push({
        line: r.line,
        code: 'seller_not_found',
        severity: 'error',
        reason:
          `Seller ID “${r.accountId}” is not in ${r.domain}'s sellers.json, so buyers who check the supply chain will not buy through ` +
          `this line. Check the ID with ${r.domain}, or ask them to list it.`,
      });
      continue;
    }
    if (seller.confidential) {
      findings.push({
        line: r.line,
        code: 'confidential_seller',
        severity: 'info',
        reason: `${r.domain} lists this seller as confidential, so its name and domain cannot be checked. Some buyers avoid confidential sellers.`,
      });
    }
    const expected = r.relationship === 'DIRECT' ? 'PUBLISHER' : 'INTERMEDIARY';
    if (seller.sellerType !== null && seller.sellerType !== 'BOTH' && seller.sellerType !== expected) {
      findings.push({
        line: r.line,
        code: 'type_mismatch',
        severity: 'error',
        reason:
          `This line says ${r.relationship}, but ${r.domain}'s sellers.json lists the seller as ${seller.sellerType}. ` +
          (r.relationship === 'DIRECT'
            ? 'A DIRECT line must be your own account (PUBLISHER): change it to RESELLER or ask the seller to correct its listing.'
            : 'A RESELLER line must be an intermediary: if this is your own account, change the line to DIRECT.'),
      });
    }
    if (
      r.relationship === 'DIRECT' &&
      !seller.confidential &&
      seller.domain !== null &&
      publisherDomains.length > 0 &&
      !publisherDomains.some((d) => sameSite(d, seller.domain!))
    ) {
      findings.push({
        line: r.line,
        code: 'domain_mismatch',
        severity: 'warning',
        reason:
          `This DIRECT seller belongs to ${seller.domain} according to ${r.domain}'s sellers.json, not to ${publisherDomains[0]}. ` +
          'If someone else operates this account, the line should say RESELLER; otherwise ask the advertising system to fix the domain.',
      });
    }
  }
  return findings;
}

/** How many records sellers.json contradicts (a record with two findings counts once; notes do not count). */
export function contradictedRecords(findings: readonly SellerFinding[]): number {
  return new Set(findings.filter((f) => f.severity !== 'info').map((f) => f.line)).size;
}
