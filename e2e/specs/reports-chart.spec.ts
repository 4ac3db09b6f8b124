import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

/**
 * The chart splits by a dimension into its top values plus "Other", ranked like
 * the table sorted by the same metric.
 */
const PAGE = '/partners/inventory-performance/revenue-summary';

test('split the chart by brand: the top brands are the table top rows by revenue, the rest is Other', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.goto(`${PAGE}?preset=last30&interval=Cumulative&dims=brand&metrics=impressions,revenue&sort=revenue&dir=desc&chart=revenue`);
  const table = page.getByRole('table', { name: 'Revenue Summary results' });
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  const brands = (
    await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent?.trim() ?? ''))
  ).map((b) => b.replace(/(Est\.|Partial day)$/, '').trim());
  expect(brands.length).toBeGreaterThan(1);

  await page.getByRole('combobox', { name: 'Split the chart' }).click();
  await page.getByRole('option', { name: 'By Brand' }).click();
  const legend = page.getByTestId('chart-split-legend');
  await expect(legend).toBeVisible({ timeout: 20_000 });
  const top = brands.slice(0, Math.min(5, brands.length));
  await expect(legend).toContainText(`Top ${top.length} by Revenue: ${top.join(', ')}`);
  if (brands.length > 5) await expect(legend).toContainText('Other is everything else');
  await expect(page.getByRole('img', { name: /Revenue per day by Brand/ })).toBeVisible();

  // Back to one line with its comparison.
  await page.getByRole('combobox', { name: 'Split the chart' }).click();
  await page.getByRole('option', { name: 'Not split' }).click();
  await expect(legend).toHaveCount(0);
  await expect(page.getByRole('img', { name: /with the previous period/ })).toBeVisible();

  // The chart's metric is the user's choice, kept in the URL with the rest of the view.
  await page.getByRole('combobox', { name: 'Chart metric' }).click();
  await page.getByRole('option', { name: 'Impressions', exact: true }).click();
  await expect(page).toHaveURL(/chart=impressions/);
  await expect(page.getByRole('heading', { name: 'Impressions over time' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Impressions per day, .* with the previous period$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Impressions over time' })).toBeVisible();
});
