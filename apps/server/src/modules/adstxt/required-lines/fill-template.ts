/** The identifiers a required-lines template may reference, as `{name}` placeholders. */
export interface TemplateIds {
  pub_an_id?: string | number | null;
  appnexus_marketplace_id?: string | number | null;
  appnexus_direct_id?: string | number | null;
  publisher_id?: string | number | null;
}

export const TEMPLATE_PLACEHOLDERS = ['pub_an_id', 'appnexus_marketplace_id', 'appnexus_direct_id', 'publisher_id'] as const;
type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** A template referenced an id the publisher does not have: filling it would produce a wrong line. */
export class TemplateFillError extends Error {
  override readonly name = 'TemplateFillError';
  constructor(readonly missing: Placeholder[]) {
    super(
      `The required-lines template needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not set for this publisher.`,
    );
  }
}

const KNOWN: ReadonlySet<string> = new Set(TEMPLATE_PLACEHOLDERS);

/**
 * Replaces `{pub_an_id}`, `{appnexus_marketplace_id}`, `{appnexus_direct_id}` and `{publisher_id}`
 * with the publisher's ids. Other braces are left alone (they are not ours to interpret). Throws
 * TemplateFillError when a placeholder the template uses has no value, rather than emitting a line
 * with an empty or literal `{...}` account id that would never match.
 */
export function fillTemplate(template: string, ids: TemplateIds): string {
  const missing = new Set<Placeholder>();
  let out = '';
  let pos = 0;
  for (;;) {
    const open = template.indexOf('{', pos);
    if (open === -1) break;
    const close = template.indexOf('}', open + 1);
    if (close === -1) break;
    const name = template.slice(open + 1, close);
    if (!KNOWN.has(name)) {
      out += template.slice(pos, open + 1);
      pos = open + 1;
      continue;
    }
    const value = ids[name as Placeholder];
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '') missing.add(name as Placeholder);
    out += template.slice(pos, open) + text;
    pos = close + 1;
  }
  if (missing.size > 0) throw new TemplateFillError([...missing]);
  return out + template.slice(pos);
}
