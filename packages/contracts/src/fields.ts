import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { ValidationMessages as M } from './validation-messages';
import { isCountryCode } from './countries';

// A pragmatic address check: one @, no spaces, a dot in the domain. Stricter RFC parsing
// rejects addresses that real mail servers accept.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required e-mail with the spec's two messages (required first, then invalid). */
export const EmailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .regex(EMAIL_PATTERN, M.emailInvalid)
  .max(254, M.emailInvalid);

export const PasswordField = z.string({ error: M.passwordRequired }).min(1, M.passwordRequired);

/** Optional phone: empty is allowed, anything else must be a valid international number. */
export const PhoneField = z
  .string()
  .trim()
  .max(32, M.phoneInvalid)
  .refine((v) => v === '' || isValidPhoneNumber(v), M.phoneInvalid);

/**
 * Dates the product can store and compute with: PostgreSQL, DuckDB and JS `Date` disagree outside
 * these years (year 0, 10000, epoch 9e15), so input outside them is a 400 on the field, not an error
 * deep in a query.
 */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;
const MIN_EPOCH_MS = Date.UTC(MIN_YEAR, 0, 1);
const MAX_EPOCH_MS = Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59, 999);

/** A real calendar day `YYYY-MM-DD` (no 2026-02-30) between MIN_YEAR and MAX_YEAR. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** `YYYY-MM-DD` field; `message` names the expected form (the areas word it differently). */
export const DayField = (message = 'Use a date like 2026-12-31.') =>
  z.string({ error: message }).refine(isCalendarDay, `${message.replace(/\.$/, '')} (a real date, years ${MIN_YEAR}-${MAX_YEAR}).`);

/** A date sent as epoch milliseconds (the report call): a whole number within MIN_YEAR-MAX_YEAR. */
export const EpochDayField = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(MIN_EPOCH_MS, `${message.replace(/\.$/, '')}: dates before ${MIN_YEAR} are not supported.`)
    .max(MAX_EPOCH_MS, `${message.replace(/\.$/, '')}: dates after ${MAX_YEAR} are not supported.`);

/** A numeric database id in a path or query: a positive safe integer that fits PostgreSQL's bigint. */
export const IdNumberField = (message = 'Use a positive whole number.') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/**
 * Optional website: empty, or an http(s) address with a dotted host. No transform here: the
 * schema also describes responses, which fastify-type-provider-zod encodes, and a one-way
 * transform cannot be encoded. The form completes a bare domain as it submits (withWebsiteScheme).
 */
export const WebsiteField = z
  .string()
  .trim()
  .max(200, M.websiteInvalid)
  .refine((v) => v === '' || isWebsite(v), M.websiteInvalid);

/** "example.com" means https://example.com; anything with a scheme, or empty, is left alone. */
export function withWebsiteScheme(value: string): string {
  const v = value.trim();
  return v === '' || /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
}

function isWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Optional country: empty, or an ISO 3166-1 alpha-2 code from the maintained list (countries.ts). */
export const CountryField = z
  .string()
  .trim()
  .refine((v) => v === '' || isCountryCode(v), M.countryInvalid);
