/**
 * Elements named by aria-label that have no role: a div, span or paragraph is generic (or a
 * paragraph), and ARIA prohibits naming those (axe aria-prohibited-attr, serious). The web tests
 * have no axe; this is the one rule of it a loading state kept breaking.
 */
export function rolelessLabels(root: ParentNode): string[] {
  return [...root.querySelectorAll('div[aria-label]:not([role]), span[aria-label]:not([role]), p[aria-label]:not([role])')].map(
    (el) => `<${el.tagName.toLowerCase()} aria-label="${el.getAttribute('aria-label')}">`,
  );
}
