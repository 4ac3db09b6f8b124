import { expect, test, type Page, type Response } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { pastRightEdge, sidewaysOverflow } from '../support/overflow';

/**
 * Filters and drill-down. A row click filters by its value and splits by the next
 * dimension; the view lives in the URL (a shared link opens the same report); the filtered totals
 * are exactly the clicked row's figures; filters are added and removed from the builder.
 */
const PAGE = '/partners/inventory-performance/revenue-summary';

type Body = { rows: Record<string, string | number | null>[]; totals: Record<string, number | null> };

function tableAnswer(page: Page, match: (q: URLSearchParams) => boolean): Promise<Response> {
  return page.waitForResponse((r) => {
    if (!r.url().includes('/api/partner-center/report?')) return false;
    const q = new URL(r.url()).searchParams;
    return q.get('interval') === 'Cumulative' && match(q);
  });
}

test('drill down from a site, share the view, then filter by brand from the builder', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  const bySite = tableAnswer(page, (q) => q.get('dimensions') === 'sites' && !q.get('filters'));
  await page.goto(`${PAGE}?preset=last30&interval=Cumulative&dims=sites&metrics=impressions,revenue`);
  const sites = (await (await bySite).json()) as Body;
  const first = sites.rows[0]!;
  const table = page.getByRole('table', { name: 'Revenue Summary results' });

  // Drill down into the first site (by keyboard: the row's button).
  const drilled = tableAnswer(page, (q) => q.get('dimensions') === 'product_type' && !!q.get('filters'));
  await table.getByRole('button', { name: `Drill down into ${String(first.sites)}` }).click();
  const answer = await drilled;
  const filters = JSON.parse(new URL(answer.url()).searchParams.get('filters')!) as { dimension: string; mode: string }[];
  expect(filters).toEqual([expect.objectContaining({ dimension: 'sites', mode: 'include' })]);
  const body = (await answer.json()) as Body;
  // The drilled report's totals are exactly the clicked row's figures.
  expect(body.totals.impressions).toBe(first.impressions);
  expect(body.totals.revenue).toBeCloseTo(Number(first.revenue), 6);
  await expect(table.getByRole('columnheader', { name: /^Product Type/ })).toBeVisible();
  await expect(page.getByTestId('report-filter')).toHaveText(`Site is ${String(first.sites)}`);
  await expect(page).toHaveURL(/[?&]f=/);
  await expect(page).toHaveURL(/dims=product_type/);

  // The URL is the view: opened afresh it shows the same filter and the same totals.
  const shared = page.url();
  const again = tableAnswer(page, (q) => q.get('dimensions') === 'product_type' && !!q.get('filters'));
  await page.goto(shared);
  expect(((await (await again).json()) as Body).totals.impressions).toBe(first.impressions);
  await expect(page.getByTestId('report-filter')).toHaveText(`Site is ${String(first.sites)}`);

  // Remove it; then add a brand exclusion from the builder.
  await page.getByRole('button', { name: `Remove filter Site is ${String(first.sites)}` }).click();
  await expect(page.getByTestId('report-filter')).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]f=/);

  await page.getByRole('button', { name: 'Add filter' }).click();
  const dialog = page.getByRole('group', { name: 'Add filter' });
  await dialog.getByRole('combobox', { name: 'Dimension' }).click();
  await page.getByRole('option', { name: 'Brand', exact: true }).click();
  await dialog.getByText('All but these').click();
  await dialog.getByRole('combobox', { name: 'Values' }).click();
  const brand = page.getByRole('option').first();
  const brandName = (await brand.innerText()).trim();
  await brand.click();
  const excluded = tableAnswer(page, (q) => (q.get('filters') ?? '').includes('"exclude"'));
  await dialog.getByRole('button', { name: 'Apply filter' }).click();
  const ex = await excluded;
  expect(JSON.parse(new URL(ex.url()).searchParams.get('filters')!)).toEqual([
    { dimension: 'brand', mode: 'exclude', values: [brandName] },
  ]);
  await expect(page.getByTestId('report-filter')).toHaveText(`Brand is not ${brandName}`);
  // Excluding a brand can only lower the impressions; request metrics say why they are missing.
  expect(((await ex.json()) as Body).totals.impressions!).toBeLessThan(Number(sites.totals.impressions));
});

test('save the filtered view with its comparison, e-mail it weekly, pause it, rename and unshare it, open it again', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  const f = encodeURIComponent(JSON.stringify([{ dimension: 'product_type', mode: 'include', values: ['Display'] }]));
  await page.goto(`${PAGE}?preset=last30&interval=Cumulative&dims=sites&metrics=impressions,revenue&f=${f}&cmp=yearAgo`);
  const panel = page.getByRole('region', { name: 'Saved reports' });
  await panel.getByRole('button', { name: 'Save this view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill('Display by site');
  await dialog.getByRole('switch', { name: /Share with my team/ }).check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = panel.getByTestId('saved-report').filter({ hasText: 'Display by site' });
  await expect(row.getByText('Shared')).toBeVisible();

  await row.getByRole('combobox', { name: 'E-mail schedule of Display by site' }).click();
  await page.getByRole('option', { name: 'E-mail weekly (Mondays)' }).click();
  await expect(row.getByTestId('schedule-status')).toContainText('(UTC)');
  await expect(row.getByTestId('schedule-status')).toContainText('Next:');
  // Controlled by the server's answer: click, then wait for the saved state. Not forced, so the click
  // waits while the schedule's toast covers the switch, as a person would.
  await row.getByRole('switch', { name: 'Paused' }).click();
  await expect(row.getByTestId('schedule-status')).toHaveText('Paused');

  // Renamed and made private from the page.
  await row.getByRole('button', { name: 'Rename or share Display by site' }).click();
  const edit = page.getByRole('dialog', { name: 'Rename or share' });
  await edit.getByLabel('Name').fill('Display by site, vs last year');
  await edit.getByRole('switch', { name: /Share with my team/ }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const renamed = panel.getByTestId('saved-report').filter({ hasText: 'Display by site, vs last year' });
  await expect(renamed).toBeVisible();
  await expect(renamed.getByText('Shared')).toHaveCount(0);
  await expect(renamed.getByTestId('schedule-status')).toHaveText('Paused');

  // On a phone the scheduled report keeps its name, schedule and actions on the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(renamed.getByRole('button', { name: 'Delete' })).toBeInViewport();
  expect(await sidewaysOverflow(page), await pastRightEdge(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opening it elsewhere brings the filter and the comparison back.
  await page.goto(`${PAGE}?preset=last7&dims=brand`);
  await expect(page.getByTestId('report-filter')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Open Display by site, vs last year' }).click();
  await expect(page.getByTestId('report-filter')).toHaveText('Product Type is Display');
  await expect(page).toHaveURL(/preset=last30/);
  await expect(page).toHaveURL(/cmp=yearAgo/);
});
