import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// A page's code is a chunk of its own, downloaded on the first visit. Only a browser shows whether a
// chunk that failed to download offline can be downloaded again once back online.
test('offline, a page not visited yet says so inside the shell and opens once back online', async ({ page, context }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await expect(page.getByTestId('home-open-incidents')).toHaveText(/^\d+$/);

  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  // The shell stays: the user can still go back to a page that is loaded.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/partners\/payments$/);
});
