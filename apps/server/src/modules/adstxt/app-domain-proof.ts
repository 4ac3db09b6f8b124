import { Resolver } from 'node:dns/promises';
import type { AdsFileName } from '@pc/contracts';
import type { AdsTxtCrawlerPort } from './adstxt-crawler-port';

/** node:dns resolveTxt's shape: each TXT record as its character-strings. Tests inject their own. */
export type TxtResolver = (domain: string) => Promise<string[][]>;

/**
 * The system resolver with short limits, so "Verify now" answers within seconds when DNS is slow.
 * `servers` (tests: a DNS server on loopback) replaces the system's name servers.
 */
export function systemTxtResolver(servers?: string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers) resolver.setServers(servers);
  return (domain) => resolver.resolveTxt(domain);
}

/** The DNS TXT record (and the file comment) that proves a claim, as Google's site verification does. */
export const proofRecord = (token: string) => `partners-center-verification=${token}`;
export const proofFileLine = (token: string) => `# ${proofRecord(token)}`;

export type ProofMethod = 'hosted_file' | 'dns_txt';
export interface ProofCheck {
  method: ProofMethod;
  ok: boolean;
  /** What was looked at and found, in a sentence the publisher reads. */
  detail: string;
}

const FILES: AdsFileName[] = ['app-ads.txt', 'ads.txt'];

/** The token in the domain's /app-ads.txt or /ads.txt, read by the guarded crawler (lib/outbound). */
async function checkFile(crawler: AdsTxtCrawlerPort, domain: string, token: string): Promise<ProofCheck> {
  const seen: string[] = [];
  for (const file of FILES) {
    const r = await crawler.crawl(domain, null, file);
    // Only a fresh read counts: a kept earlier copy (usedPrevious) proves nothing about today.
    if (r.status === 'ok' && r.body?.includes(token))
      return { method: 'hosted_file', ok: true, detail: `The token was found in https://${domain}/${file}.` };
    seen.push(
      r.status === 'ok'
        ? `/${file} does not contain the token`
        : r.status === 'not_found'
          ? `/${file} was not found`
          : `/${file} could not be read (${r.errorReason ?? 'error'})`,
    );
  }
  return { method: 'hosted_file', ok: false, detail: `${seen.join('; ')}.` };
}

async function checkDns(resolveTxt: TxtResolver, domain: string, token: string): Promise<ProofCheck> {
  const wanted = proofRecord(token);
  let records: string[][];
  try {
    records = await resolveTxt(domain);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENODATA' || code === 'ENOTFOUND' ? 'has no TXT records' : 'could not be looked up';
    return { method: 'dns_txt', ok: false, detail: `${domain} ${why}.` };
  }
  // A long TXT record arrives in 255-byte strings: they are one value joined.
  const ok = records.some((chunks) => chunks.join('').trim() === wanted);
  return {
    method: 'dns_txt',
    ok,
    detail: ok ? `The TXT record ${wanted} was found on ${domain}.` : `No TXT record on ${domain} is ${wanted}.`,
  };
}

/** Both checks, file first; the claim is proven when either finds the token. */
export async function checkProof(deps: { crawler: AdsTxtCrawlerPort; resolveTxt: TxtResolver }, domain: string, token: string) {
  const [file, dns] = await Promise.all([checkFile(deps.crawler, domain, token), checkDns(deps.resolveTxt, domain, token)]);
  return [file, dns];
}
