import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Colour-contrast findings name the colours and ratio, so the fix can be chosen from the report. */
function detail(data: unknown): string {
  const d = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
  return d?.fgColor ? ` [${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}:1]` : '';
}

/** The serious and critical axe violations on the page as it is now, one line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe then keeps one node of each passing or inapplicable rule instead
  // of every node, which is most of its time on a large page; the violations found are the same.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}${detail(n.any[0]?.data)}`).join(', ')})`);
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}
