import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO_PASSWORD, USERS, signInAndChoose } from '../support/demo';
import { recordMp } from '../support/page-events';

// The web client's contract with the spec (tracking, sign-in with a token, the 500 page
// from a failing data load, help links, keyboard access).

test('sign-in with a custom token: consumed once, cleaned from the address', async ({ page, request }) => {
  const staff = await request.post('/api/identity/sign-in', { data: { email: USERS.staff, password: DEMO_PASSWORD } });
  const { idToken } = (await staff.json()) as { idToken: string };
  // The caller's own scope only (a partner view starts at /api/admin/impersonate: partner-view.spec.ts).
  const minted = await request.post('/api/identity/custom-token', { headers: { authorization: `Bearer ${idToken}` }, data: {} });
  expect(minted.status()).toBe(200);
  const { token } = (await minted.json()) as { token: string };
  const events = recordMp(page);

  await page.goto(`/login?token=${encodeURIComponent(token)}`);
  // Signed in, the app leaves the sign-in page; the token is gone from the address.
  await expect(page).not.toHaveURL(/\/login/);
  expect(page.url()).not.toContain(token);
  await expect.poll(() => events.find((e) => e.event === 'Login')?.properties?.method).toBe('custom_token');

  // A second use of the same link is refused in words, and the address is still clean.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  const fresh = await page.context().newPage();
  await fresh.goto(`/login?token=${encodeURIComponent(token)}`);
  await expect(fresh.getByRole('alert')).toContainText('This sign-in link is invalid or has expired.');
  expect(fresh.url()).not.toContain('token=');
  await expect(fresh.getByLabel('Email')).toBeFocused();
});

test('logout step 7: the analytics reset reaches /mp 300 ms after sign-out, with the spec timestamp', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.single);
  await expect.poll(() => events.map((e) => e.event)).toContain('Login');
  const login = events.find((e) => e.event === 'Login')!;
  expect(login.timestamp).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect.poll(() => events.map((e) => e.event)).toContain('Overview View');
  expect(events.find((e) => e.event === 'Overview View')!.scope?.type).toBe('external_single');

  await page.getByRole('button', { name: 'User menu' }).click();
  const clickedAt = Date.now();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => events.find((e) => e.event === 'Analytics Reset')).toBeTruthy();
  const reset = events.find((e) => e.event === 'Analytics Reset')!;
  expect(reset.at - clickedAt).toBeGreaterThanOrEqual(300);
  expect(reset.timestamp).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
});

test('a 5xx on a page data load shows the 500 page, not the server text', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.evaluate(() => localStorage.removeItem('pc_error_page'));
  await page.route('**/api/publisher-details**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'pg: relation "x" does not exist' }) }),
  );
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('relation "x"')).toHaveCount(0);
});

test('help menu, agreements, skip link and a remembered sidebar', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.single);

  // The first Tab reaches the skip link, which moves focus to the page content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  await page.getByRole('button', { name: 'Help and support' }).click();
  const menu = page.getByRole('menu');
  for (const name of ['Help Center', 'Support solutions', 'Open a support ticket', 'Get in touch']) {
    const item = menu.getByRole('menuitem', { name: new RegExp(name) });
    await expect(item).toHaveAttribute('target', '_blank');
    await expect(item).toHaveAttribute('href', /^https?:\/\//);
  }
  const popup = page.waitForEvent('popup');
  await menu.getByRole('menuitem', { name: /Help Center/ }).click();
  await (await popup).close();
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => events.find((e) => e.event === 'Help Center')?.properties?.from).toBe('help_menu');

  await page.goto('/account-settings');
  await expect(page.getByRole('link', { name: /Master services agreement/ })).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', /^https?:\/\//);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('button', { name: 'Services & Site Health' })).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect.poll(async () => (await nav.boundingBox())!.width).toBe(56);
  await page.reload();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(56);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(async () => (await nav.boundingBox())!.width).toBe(256);
});

test('the sign-in page focuses the e-mail field on load', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
