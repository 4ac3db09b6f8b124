import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { FACT_DAYS, isFactDay, NUMERIC_PATTERN, TEXT_MAX } from '../../../report-engine/fact-file-rules';
import { isValidIsoDate } from '../../../report-engine/report-plan';

/**
 * One schema per row shape of FORMAT.md. Inputs are already normalised: strings trimmed, empty
 * cells removed, so "absent" and "empty" mean the same in CSV and NDJSON.
 */

/** CSV cells are text; NDJSON may carry numbers or numeric strings. Anything else fails as-is. */
const NUMERIC = new RegExp(NUMERIC_PATTERN);
const numeric = (v: unknown) => (typeof v === 'string' && NUMERIC.test(v) ? Number(v) : v);

const count = z.preprocess(
  numeric,
  z.number().int('must be a whole number').nonnegative('must not be negative').max(Number.MAX_SAFE_INTEGER),
);
const amount = z.preprocess(numeric, z.number().finite().nonnegative('must not be negative'));
const text = z.string().min(1).max(TEXT_MAX);
const date = z
  .string()
  .refine(isValidIsoDate, 'must be a date as YYYY-MM-DD')
  .refine((d) => !isValidIsoDate(d) || isFactDay(d), `must be a day from ${FACT_DAYS.first} to ${FACT_DAYS.last}`);

const keys = { date, publisher_id: text, site_id: text };

/**
 * The advertiser's domain as the blocking rules compare it: lower case, IDN in punycode (WHATWG
 * domainToASCII), no scheme, path or port. Sent as `ads.example.com` it is matched by a rule on
 * `example.com` (a domain covers its subdomains).
 */
const advertiserDomain = z.string().transform((raw, ctx) => {
  const ascii = /^[^/:@?#\s]+$/.test(raw) ? domainToASCII(raw.toLowerCase().replace(/\.$/, '')) : '';
  const labels = ascii.split('.');
  const ok = ascii.length <= 253 && labels.length >= 2 && labels.every((l) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(l));
  if (ok && !/^\d+$/.test(labels.at(-1) ?? '')) return ascii;
  ctx.addIssue({ code: 'custom', message: 'must be a domain such as advertiser.com (no scheme, path or port)' });
  return z.NEVER;
});
/** An IAB Content Taxonomy 3.1 unique id (e.g. 1, 483, v9i3On), as the blocking rules store them. */
const iabCategory = z
  .string()
  .regex(/^[A-Za-z0-9]{1,16}$/, 'must be an IAB Content Taxonomy 3.1 category id such as 1 or 483 (not a 1.0 id like IAB2-3)');

export const RevenueRequestRowSchema = z.strictObject({
  kind: z.literal('requests'),
  ...keys,
  product_type: text,
  imp_requests: count,
});

export const RevenueSalesRowSchema = z.strictObject({
  kind: z.literal('sales'),
  ...keys,
  product_type: text,
  size: text,
  brand: text,
  deal_name: text.optional(),
  deal_id: text.optional(),
  impressions: count,
  revenue: amount,
  net_revenue: amount,
  advertiser_domain: advertiserDomain.optional(),
  iab_category: iabCategory.optional(),
});

export const RevenueRowSchema = z.discriminatedUnion('kind', [RevenueRequestRowSchema, RevenueSalesRowSchema], {
  // The path ('kind') is put in front by describeIssues; repeating it here printed "kind kind must be".
  error: 'must be "requests" or "sales"',
});

export const RecirculationRowSchema = z.strictObject({
  ...keys,
  widget: text,
  organic_page_views: count,
  organic_clicks: count,
});

export type RevenueRow = z.infer<typeof RevenueRowSchema>;
export type RecirculationRow = z.infer<typeof RecirculationRowSchema>;

/** Plain-language list of what is wrong with a row. */
export function describeIssues(error: z.ZodError, raw: Record<string, unknown>): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')} not allowed on this kind of row`;
      const at = issue.path.join('.');
      // zod 4 does not keep the input on issues, so "missing" is read from the row itself.
      if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.path.length === 1 && raw[at] === undefined)
        return `${at} is required`;
      if (issue.code === 'invalid_type' && issue.expected === 'int') return `${at} must be a whole number`;
      return at ? `${at} ${issue.message}` : issue.message;
    })
    .join('; ');
}
