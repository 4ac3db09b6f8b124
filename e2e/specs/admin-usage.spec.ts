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
