import { expect, test } from '../support/test';
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

  test('the refresh token is only in an httpOnly cookie, and an expired ID token is renewed through it', async ({ page, context }) => {
    await signInAndChoose(page, USERS.single);
    const cookie = (await context.cookies()).find((c) => c.name === 'pc_refresh');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/api/identity/token');
    // Nothing a script can read holds it.
    const readable = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }) + document.cookie);
    expect(readable).not.toContain(cookie!.value);
    // Age the stored ID token: the next load must refresh through the cookie and stay signed in.
    const before = await page.evaluate(() => {
      const s = JSON.parse(window.localStorage.getItem('pc_identity_session')!) as { idToken: string; expiresAt: number };
      window.localStorage.setItem('pc_identity_session', JSON.stringify({ ...s, expiresAt: Date.now() - 1000 }));
      return s.idToken;
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/identity/token') && r.request().method() === 'POST');
    await page.goto('/profile-settings');
    expect((await refreshed).status()).toBe(200);
    await expect(page).toHaveURL(/\/profile-settings/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('jwt'))).not.toBe(before);
    const rotated = (await context.cookies()).find((c) => c.name === 'pc_refresh');
    expect(rotated?.value).not.toBe(cookie!.value);
  });
});
