import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { USERS, signInAndChoose } from '../support/demo';

// A keyboard user keeps their place. Sorting a report table leaves the focus on
// the header they pressed; the export menu gives the focus back to its button, whether closed with
// Escape or after a download (which goes through the shared API client, scope header included);
// the open help menu passes axe.

test('report: sorting and the export menu keep the keyboard focus; the download carries the scope', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.goto('/partners/inventory-performance/revenue-summary');
  const table = page.getByRole('table', { name: 'Revenue Summary results' });
  await expect(table.getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });

  const sortImpressions = table.getByRole('button', { name: /^Impressions\..*Sort$/ });
  await sortImpressions.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=/);
  await expect(table.getByRole('columnheader', { name: /^Impressions/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await expect(sortImpressions).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: /^Impressions/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(sortImpressions).toBeFocused();

  const exportButton = page.getByRole('button', { name: 'Export to file' });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'CSV (.csv)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(exportButton).toBeFocused();

  await page.keyboard.press('Enter');
  const csv = page.getByRole('menuitem', { name: 'CSV (.csv)' });
  await expect(csv).toBeVisible();
  await csv.focus();
  const [request, download] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/partner-center/report/download'),
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  // The shared client's headers: the chosen publisher (single@ has only 1002) and the bearer token.
  expect(request.headers()['publisher-scope']).toBe('1002');
  expect(request.headers()['authorization']).toMatch(/^Bearer \S+/);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await expect(page.getByText('Your report was downloaded.')).toBeVisible();
  await expect(exportButton).toBeFocused();
});

test('the open help menu has no serious accessibility violation and closes back to its button', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  const help = page.getByRole('button', { name: 'Help and support' });
  await help.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: /Help Center/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeFocused();
});

test('ads.txt: sorting the domain table keeps the keyboard focus on the header pressed', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.goto('/partners/adstxt');
  const table = page.getByRole('table', { name: 'Ads.txt status per domain' });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  const statusHeader = table.getByRole('columnheader', { name: /^Ads\.txt status/ });
  const sortStatus = statusHeader.getByRole('button');
  await sortStatus.focus();
  await page.keyboard.press('Enter');
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(sortStatus).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(statusHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(sortStatus).toBeFocused();
});
