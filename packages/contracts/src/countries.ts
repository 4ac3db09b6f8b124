import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

// The ISO 3166-1 list comes from a maintained package (i18n-iso-countries), never a hand-kept
// array: names change (Türkiye, Czechia) and a stale list stores wrong statements. Only the
// English names are registered so the browser bundle carries one locale, not a hundred. The
// registration runs on first use, not at import: the web build treats contracts as free of side
// effects (apps/web/vite.config.ts) and could drop a top-level call.
let registered = false;
function english(): typeof countries {
  if (!registered) {
    countries.registerLocale(en);
    registered = true;
  }
  return countries;
}

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code, the stored value. */
  value: string;
  /** English short name, shown to people and printed on statements. */
  label: string;
}

let options: CountryOption[] | undefined;
/** Every ISO 3166-1 country, sorted by its English name. */
export function countryOptions(): CountryOption[] {
  options ??= Object.entries(english().getNames('en', { select: 'official' }))
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return options;
}

export function isCountryCode(value: string): boolean {
  return countries.isValid(value) && value.length === 2 && value === value.toUpperCase();
}

/** English name of an ISO code; a value that is not a code (older free text) is returned as is. */
export function countryName(value: string): string {
  return (isCountryCode(value) && english().getName(value, 'en', { select: 'official' })) || value;
}

/**
 * The ISO code for a stored value: a code stays a code, a name written before the list existed
 * ("United States", "Germany") is matched through the package's names and aliases, anything
 * else becomes '' so the form asks the user to choose again instead of failing to save.
 */
export function toCountryCode(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const upper = trimmed.toUpperCase();
  if (isCountryCode(upper)) return upper;
  return english().getAlpha2Code(trimmed, 'en') ?? '';
}
