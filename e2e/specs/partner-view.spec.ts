import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// Sign in as partner: the partner view stays in the tab that opened it, Exit brings that tab back to
// the admin console as the admin, and the view's ID token is refused by the server from then on.
test('an admin views a partner in one tab; the other tab stays the admin’s; Exit returns to the admin console and ends the token', async ({
  page,
  request,
}) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  const otherTab = await page.context().newPage();

  await page.goto('/admin-console/');
  await page.getByLabel('Search partners').fill('Blue Harbor');
  await page.getByRole('button', { name: 'Sign in as Blue Harbor Media' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your other tabs stay signed in as you.');
  await page.getByLabel('Reason').fill('support ticket 42');
  await page.getByRole('button', { name: 'Sign in as partner' }).click();
  await expect(page).toHaveURL(/\/$/);
  const bar = page.getByRole('status', { name: 'Viewing as partner' });
  await expect(bar).toContainText('Viewing as Blue Harbor Media (1002)');
  const viewToken = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('pc_partner_view_session')!) as { idToken: string }).idToken,
  );
  expect((await request.get('/api/personal-info', { headers: { authorization: `Bearer ${viewToken}` } })).status()).toBe(200);

  // The other tab, opened in the same browser, is still the admin's: console and all.
  await otherTab.goto('/admin-console/');
  await expect(otherTab.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await expect(otherTab.getByRole('status', { name: 'Viewing as partner' })).toHaveCount(0);

  // Exit: this tab is back in the admin console, signed in as the admin.
  await bar.getByRole('button', { name: 'Exit partner view' }).click();
  await expect(page).toHaveURL(/\/admin-console\/$/);
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Viewing as partner' })).toHaveCount(0);

  // The partner view's token is refused, and the admin's other tab was never signed out.
  expect((await request.get('/api/personal-info', { headers: { authorization: `Bearer ${viewToken}` } })).status()).toBe(401);
  await otherTab.reload();
  await expect(otherTab.getByRole('heading', { name: 'Admin console' })).toBeVisible();
});
