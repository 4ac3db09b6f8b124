import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// Revenue at risk as a publisher meets it: the home card's total, the breakdown it links to (the
// demo seeds one cause of each kind on Northwind News, each priced), and a cause's fix link landing
// on the page where it is fixed (the site's slowest pages over the same days).
test('home card → breakdown → the fix of a cause', async ({ page }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const card = page.getByRole('region', { name: 'Revenue at risk summary' });
  await expect(card.getByTestId('home-revenue-at-risk')).toContainText(/\$[\d,]+\.\d\d/, { timeout: 30_000 });
  await expect(card.getByTestId('home-risk-site-5001')).toContainText('Northwind News');

  await card.getByRole('link', { name: 'See the breakdown' }).click();
  await expect(page).toHaveURL(/\/revenue-at-risk$/);
  await expect(page.getByRole('heading', { name: 'Revenue at risk', level: 1 })).toBeVisible();
  for (const kind of ['adstxt', 'downtime', 'pageSpeed', 'blocking']) {
    await expect(page.getByTestId(`risk-5001-${kind}`), kind).toContainText(/\$[\d,]+\.\d\d/, { timeout: 15_000 });
  }
  const speed = page.getByTestId('risk-5001-pageSpeed');
  await expect(speed).toContainText('Page RPM on good days');

  await speed.getByRole('link', { name: 'Slowest pages of Northwind News' }).click();
  await expect(page).toHaveURL(/\/performance\?site=5001&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  await expect(page.getByRole('table', { name: 'Slowest pages' })).toBeVisible({ timeout: 30_000 });
});
