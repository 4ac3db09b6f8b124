/**
 * Character-level helpers for the ads.txt parser. They work on index ranges of the whole file
 * instead of regular expressions so parsing stays linear (no backtracking) and allocates only the
 * strings that end up in the result.
 */

/**
 * Whitespace as found in real files: ASCII blanks plus the Unicode spaces that sneak in when a file
 * is pasted from a word processor or a web page (NBSP, zero-width space, BOM, ideographic space).
 */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || code === 9 || code === 11 || code === 12 || code === 13 || code === 0;
  return code === 0xa0 || code === 0xfeff || code === 0x200b || code === 0x3000 || (code >= 0x2000 && code <= 0x200a);
}

/** `text.slice(start, end)` without surrounding whitespace, in one allocation. */
export function trimSlice(text: string, start: number, end: number): string {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return start === end ? '' : text.slice(start, end);
}

/** True for an ASCII letter or underscore: the characters a variable name may contain. */
export function isNameChar(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/**
 * Whether a lower-cased string is a plausible registered host name: 2+ labels of 1-63 characters
 * from a-z, 0-9 and '-', no label starting or ending with '-', at most 253 characters, and a
 * non-numeric last label (so IP addresses are rejected). Internationalised names must be in their
 * punycode (xn--) form, as DNS and the ads.txt spec expect.
 */
export function isValidDomainName(domain: string): boolean {
  const len = domain.length;
  if (len < 3 || len > 253) return false;
  let labelStart = 0;
  let labels = 0;
  let lastLabelNumeric = true;
  for (let i = 0; i <= len; i++) {
    const code = i === len ? 46 : domain.charCodeAt(i);
    if (code === 46) {
      const labelLen = i - labelStart;
      if (labelLen === 0 || labelLen > 63) return false;
      if (domain.charCodeAt(labelStart) === 45 || domain.charCodeAt(i - 1) === 45) return false;
      labels++;
      labelStart = i + 1;
      if (i !== len) lastLabelNumeric = true;
      continue;
    }
    const isDigit = code >= 48 && code <= 57;
    if (!isDigit) lastLabelNumeric = false;
    if (!(isDigit || (code >= 97 && code <= 122) || code === 45)) return false;
  }
  return labels >= 2 && !lastLabelNumeric;
}

/** Shortens user text quoted inside a problem reason so one odd line cannot flood the UI. */
export function quote(value: string): string {
  return `“${value.length > 80 ? `${value.slice(0, 77)}...` : value}”`;
}
