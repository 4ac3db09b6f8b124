import { isIP } from 'node:net';

/**
 * Multi-label public suffixes under which sites register their names, for the IAB "root domain"
 * rule (redirects may move freely within it, and only once outside it).
 *
 * This is a deliberate heuristic, not the Public Suffix List: the root domain is the last two
 * labels, or the last three when the last two are one of these common second-level registries.
 * It errs on the strict side: an unlisted multi-part suffix (e.g. a rare `gov.xx`) makes two sites
 * look like one root, which only matters for sites under that suffix; extend the list when one
 * turns up. Shipping the full PSL would need a new dependency.
 */
const MULTI_LABEL_SUFFIXES: ReadonlySet<string> = new Set([
  // United Kingdom
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'ac.uk',
  'gov.uk',
  'sch.uk',
  'nhs.uk',
  // Australia, New Zealand
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'asn.au',
  'id.au',
  'co.nz',
  'net.nz',
  'org.nz',
  'ac.nz',
  'govt.nz',
  'geek.nz',
  // Japan, Korea, China, Hong Kong, Taiwan
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'go.jp',
  'ad.jp',
  'ed.jp',
  'gr.jp',
  'lg.jp',
  'co.kr',
  'or.kr',
  'ne.kr',
  'go.kr',
  'ac.kr',
  'com.cn',
  'net.cn',
  'org.cn',
  'gov.cn',
  'edu.cn',
  'com.hk',
  'net.hk',
  'org.hk',
  'edu.hk',
  'gov.hk',
  'com.tw',
  'net.tw',
  'org.tw',
  'edu.tw',
  'gov.tw',
  // South and South-East Asia
  'co.in',
  'net.in',
  'org.in',
  'firm.in',
  'gen.in',
  'ind.in',
  'ac.in',
  'gov.in',
  'com.sg',
  'net.sg',
  'org.sg',
  'edu.sg',
  'gov.sg',
  'com.my',
  'net.my',
  'org.my',
  'edu.my',
  'gov.my',
  'co.id',
  'or.id',
  'web.id',
  'ac.id',
  'go.id',
  'co.th',
  'in.th',
  'or.th',
  'ac.th',
  'go.th',
  'com.ph',
  'net.ph',
  'org.ph',
  'com.vn',
  'net.vn',
  'org.vn',
  'com.pk',
  'com.bd',
  'com.np',
  'com.lk',
  // Americas
  'com.br',
  'net.br',
  'org.br',
  'gov.br',
  'edu.br',
  'blog.br',
  'com.mx',
  'org.mx',
  'gob.mx',
  'edu.mx',
  'com.ar',
  'gob.ar',
  'com.co',
  'com.pe',
  'com.ve',
  'com.ec',
  'com.uy',
  'com.py',
  'com.bo',
  'com.gt',
  'com.do',
  'com.pr',
  'qc.ca',
  // Europe, Middle East, Africa
  'com.tr',
  'gen.tr',
  'org.tr',
  'net.tr',
  'com.pl',
  'net.pl',
  'org.pl',
  'com.ua',
  'kiev.ua',
  'com.ru',
  'co.il',
  'org.il',
  'ac.il',
  'gov.il',
  'com.sa',
  'com.eg',
  'com.qa',
  'com.kw',
  'com.lb',
  'co.ae',
  'co.za',
  'org.za',
  'web.za',
  'gov.za',
  'co.ke',
  'or.ke',
  'com.ng',
  'com.gh',
  'co.ma',
  'com.gr',
  'com.cy',
  'com.mt',
  'co.hu',
  'com.pt',
  'com.es',
  'org.es',
  'co.at',
  'or.at',
]);

/**
 * Registrable ("root") domain of a host name: `www.news.example.co.uk` -> `example.co.uk`,
 * `cdn.example.com` -> `example.com`. IP literals are their own root.
 */
export function rootDomain(host: string): string {
  let name = host.toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) return name;
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (isIP(name) !== 0) return name;
  const labels = name.split('.');
  if (labels.length <= 2) return name;
  const lastTwo = labels.slice(-2).join('.');
  return labels.slice(MULTI_LABEL_SUFFIXES.has(lastTwo) ? -3 : -2).join('.');
}

/** Whether two host names share a root domain. */
export function sameRootDomain(a: string, b: string): boolean {
  return rootDomain(a) === rootDomain(b);
}
