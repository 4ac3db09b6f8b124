import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

test('usage analytics: an admin sees daily active users, events and pages per partner', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/usage');
  await expect(page.getByRole('tab', { name: 'Usage', selected: true })).toBeVisible();
  // The demo seed's 30 days of /mp events.
  await expect(page.getByText('Daily active users')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Daily active users per day' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Events by name' }).getByRole('cell', { name: 'Ads.txt View' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pages by views' }).getByRole('cell', { name: '/adstxt', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By user type' }).getByRole('cell', { name: 'Media owner, one account' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By partner' }).getByRole('cell', { name: /Northwind News \(1001\)/ })).toBeVisible();
});

test('staff without admin access can read usage; a request without a token is refused', async ({ page, request }) => {
  await signInAndChoose(page, USERS.staff, 'Northwind News');
  await page.goto('/admin-console/usage');
  await expect(page.getByRole('tab', { name: 'Usage', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Events by name' })).toBeVisible();
  const res = await request.get('/api/admin/usage?from=2026-01-01&to=2026-01-31');
  expect(res.status()).toBe(401);
});

test('usage analytics: a user-type filter narrows the tables, and the CSV export has the same rows as the table', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/usage');
  const byType = page.getByRole('table', { name: 'By user type' });
  // Before the filter: the demo's media owners and this admin's own page views.
  // The report is a few queries; on a busy CI machine it can take longer than the default wait.
  await expect(byType.getByRole('cell', { name: 'Media owner, one account' })).toBeVisible({ timeout: 30_000 });
  await expect(byType.getByRole('cell', { name: 'Provider admin' })).toBeVisible();

  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Media owner, one account' }).click();
  // Only that type is left (a type this journey's own admin events do not touch).
  await expect(byType.getByRole('cell', { name: 'Provider admin' })).toHaveCount(0);
  await expect(byType.getByRole('row')).toHaveCount(2);

  const events = page.getByRole('table', { name: 'Events by name' });
  await expect(events.getByRole('row').nth(1)).toBeVisible();
  const shown = (await events.getByRole('row').allInnerTexts()).slice(1).map((r) =>
    r
      .split('\t')
      .map((c) => c.trim().replace(/,/g, ''))
      .join(','),
  );
  expect(shown.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Events by name' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^usage-events-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('event,count');
  expect(csv.slice(1)).toEqual(shown);
});
