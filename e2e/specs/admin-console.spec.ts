import { expect, test } from '@playwright/test';
import { USERS, signInAndChoose } from '../support/demo';

test('an admin creates a partner with two sites and sets a LIMIT flag override for it', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/');
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await page.getByRole('button', { name: 'New partner' }).click();
  await page.getByLabel('Partner name').fill('Orbit Media');
  await page.getByLabel('Company').fill('Orbit Media GmbH');
  await page.getByLabel('Currency').fill('EUR');
  await page.getByRole('button', { name: 'Create partner' }).click();
  const sites = page.getByText(/Sites of Orbit Media \(\d+\)/);
  await expect(sites).toBeVisible();
  const publisherId = /\((\d+)\)/.exec((await sites.textContent()) ?? '')![1]!;
  for (const [name, domain] of [
    ['Orbit News', 'news.orbit.example'],
    ['Orbit Sport', 'sport.orbit.example'],
  ] as const) {
    await page.getByLabel('Site name').fill(name);
    await page.getByLabel('Domain').fill(domain);
    await page.getByRole('button', { name: 'Add site' }).click();
    await expect(page.getByRole('cell', { name: domain })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /Orbit Media/ }).getByRole('cell', { name: '2 (2)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Feature flags' }).click();
  await expect(page).toHaveURL(/\/admin-console\/feature-flags$/);
  await page.getByRole('button', { name: 'Overrides of uptime.max_monitors' }).click();
  await page.getByLabel('Partner id').fill(publisherId);
  await page.getByLabel('Value', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Save override' }).click();
  await expect(page.getByText(`Orbit Media (${publisherId}): 3`)).toBeVisible();
  await expect(page.getByRole('row', { name: /uptime\.max_monitors/ }).getByRole('cell', { name: '1', exact: true })).toBeVisible();
});

test('a media owner opening /admin-console/ is refused', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.goto('/admin-console/');
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('staff without admin access see the partners read-only, without flags or outbox', async ({ page }) => {
  await signInAndChoose(page, USERS.staff, 'Northwind News');
  await page.goto('/admin-console/');
  await expect(page.getByRole('table', { name: 'Partners' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New partner' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Feature flags' })).toHaveCount(0);
});
