import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { recordMpNames } from '../support/page-events';

test('a media owner activates a service for a site and watches its status change', async ({ page }) => {
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Plan status of your sites' }).getByRole('row', { name: /Northwind Sport/ })).toContainText(
    'Non-Onboarded',
  );
  await page.getByRole('link', { name: 'Details of Site performance' }).click();
  await expect(page).toHaveURL(/\/services\/performance$/);
  await expect(page.getByText('What it needs')).toBeVisible();
  await page.getByRole('link', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/services\/performance\/activation$/);

  const sport = page.locator('[data-site="5002"]');
  await expect(sport).toContainText('Not activated');
  await sport.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Activate Site performance' }).click();
  await expect(page.getByRole('heading', { name: 'Install the site tag' })).toBeVisible();
  await expect(page.getByText(/<script async src=".*\/t\/[0-9a-f]+\.js"><\/script>/)).toBeVisible();
  // PENDING until the activation job has run, then ACTIVATED (the page polls).
  await expect(sport).toContainText('Activated', { timeout: 15_000 });
  await expect(sport.getByRole('checkbox')).toBeDisabled();

  await page.goto('/services/performance');
  const row = page.getByRole('row', { name: /Northwind Sport/ });
  await expect(row.locator('[data-status="ACTIVATED"]').first()).toBeVisible();
  // No tag data from Northwind Sport yet: activated but not onboarded (the spec's rule).
  await expect(row).toContainText('Not yet');
  await expect(row).toContainText('Non-Onboarded');

  await page.getByRole('button', { name: 'Request a demo' }).click();
  await page.getByRole('dialog').getByLabel('Message (optional)').fill('Any weekday morning');
  await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Demo requested')).toBeVisible();

  await expect.poll(() => events).toEqual(expect.arrayContaining(['Activation', 'Site Tag Request', 'Product Demo']));
});

test('a media owner requests a data integration and a staff member confirms it', async ({ browser }) => {
  const owner = await browser.newPage();
  const events = recordMpNames(owner);
  await signInAndChoose(owner, USERS.multi, 'Northwind News');
  await owner.goto('/services/data-integration/activation');
  await owner.getByRole('combobox', { name: 'Site' }).click();
  await owner.getByRole('option', { name: 'Northwind News' }).click();
  await owner.getByLabel('Data source').fill('Google Analytics 4');
  await owner.getByLabel('Contact name').fill('Dana Reyes');
  await owner.getByLabel('Contact e-mail').fill('dana@northwind-news.example');
  await owner.getByRole('button', { name: 'Request the integration' }).click();
  const ownerRow = owner.getByRole('row', { name: /Google Analytics 4/ });
  await expect(ownerRow).toContainText('Waiting for our team');
  // Media owners cannot confirm their own request.
  await expect(ownerRow.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect.poll(() => events).toContain('Data Integration Initiate');

  const staff = await browser.newPage();
  const staffEvents = recordMpNames(staff);
  await signInAndChoose(staff, USERS.staff, 'Northwind News');
  await staff.goto('/services/data-integration/activation');
  const staffRow = staff.getByRole('row', { name: /Google Analytics 4/ });
  await staffRow.getByRole('button', { name: 'Confirm' }).click();
  await expect(staffRow).toContainText('Confirmed');
  await expect.poll(() => staffEvents).toContain('Data Integration Confirm');

  await owner.goto('/services');
  const site = owner.getByRole('table', { name: 'Plan status of your sites' }).getByRole('row', { name: /Northwind News northwind-news/ });
  await expect(site).toContainText('Confirmed');
  await expect(site).toContainText(/Data Integration|Fully Onboarded/);
});

test('a media owner creates an API key and fetches a report with it, then revokes it', async ({ page, request }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/integrations');
  await page.getByLabel('Key name').fill('E2E script');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^pck_/);
  const partner = await request.get('/api/partners', { headers: { authorization: `Bearer ${secret}` } });
  expect(partner.status()).toBe(403);

  // The curl-style call: only the key, the same report endpoint the web app uses.
  const day = (d: string) => String(Date.parse(`${d}T12:00:00Z`));
  const now = new Date();
  const from = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const url = `/api/partner-center/report?reportType=revenue&publisherId=1001&dateFrom=${day(from)}&dateTo=${day(now.toISOString().slice(0, 10))}&dimensions=sites&metrics=impressions,revenue&interval=Cumulative`;
  const res = await request.get(url, { headers: { authorization: `Bearer ${secret}` } });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { currency: string }).currency).toBe('USD');

  await page.reload();
  const row = page.getByRole('row', { name: /E2E script/ });
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Revoke E2E script' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  expect((await request.get(url, { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
});
