import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// Why revenue moved, as a publisher meets it: the home page's sentence for yesterday, then the
// report it links to, whose "What changed" panel explains the same days with the same figures and
// splits them by site (the demo's generated facts change every day, so the words are compared
// between the pages, not with fixed text).
test('home says why yesterday moved, and the report it opens explains the same change by site', async ({ page }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const line = page.getByTestId('home-what-changed');
  await expect(line).toContainText(
    /^Yesterday [+−]\d+\.\d% \([+−]\$[\d,]+\.\d\d\): .+ on .+, (eCPM|impressions) [+−]\d+\.\d%|^Yesterday: /,
    {
      timeout: 30_000,
    },
  );
  const sentence = (await line.locator('p').first().innerText()).trim();

  await line.getByRole('link', { name: "Open yesterday's report" }).click();
  await expect(page.getByRole('heading', { name: 'Revenue Summary', level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'What changed' });
  // The same change in the same words; only the label differs ("Revenue" on the report).
  await expect(panel.getByTestId('revenue-change-sentence')).toHaveText(sentence.replace(/^Yesterday/, 'Revenue'), { timeout: 30_000 });
  if (sentence.startsWith('Yesterday: ')) return;

  // By site: the sites that moved and everything else add up to the change the sentence states.
  const table = panel.getByRole('table', { name: 'What changed by Site' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100) * (text.includes('−') ? -1 : 1);
  const changes = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
  const total = cents(/\(([+−]\$[\d,]+\.\d\d)\)/.exec(sentence)![1]!);
  expect(changes.map(cents).reduce((a, b) => a + b, 0)).toBe(total);

  // Another dimension explains the same total.
  await panel.getByText('Product Type', { exact: true }).click();
  const byType = panel.getByRole('table', { name: 'What changed by Product Type' });
  await expect(byType.getByRole('row').nth(1)).toBeVisible();
  expect((await byType.locator('tbody tr td:nth-child(2)').allInnerTexts()).map(cents).reduce((a, b) => a + b, 0)).toBe(total);
});
