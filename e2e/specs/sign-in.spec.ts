import { expect, test } from '@playwright/test';
import { USERS, signInAndChoose, signInThroughPage } from '../support/demo';

test.describe('sign-in', () => {
  for (const [role, email] of Object.entries(USERS)) {
    test(`${role} signs in through the sign-in page`, async ({ page }) => {
      await signInAndChoose(page, email, role === 'single' ? undefined : role === 'multi' ? 'Northwind News' : 'Blue Harbor Media');
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    });
  }

  test('a wrong password shows an error and stays on /login', async ({ page }) => {
    await signInThroughPage(page, USERS.single, 'not-the-password');
    await expect(page.getByText('The email or password is incorrect.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('sign-out returns to /login and clears the stored session', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    const jwt = await page.evaluate(() => window.localStorage.getItem('jwt'));
    expect(jwt).toBeNull();
    await page.goto('/profile-settings');
    await expect(page).toHaveURL(/\/login/);
  });
});
