import type { PublicConfig } from '@pc/contracts';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, USERS, expectAppShell, signInAndChoose } from '../support/demo';
import { recordPageErrors } from '../support/page-events';

/**
 * /login's HTML is the sign-in form itself (pre-rendered at build time, the
 * server's configuration filled in), so the first paint is the form, not a loader; the sign-in
 * entry hydrates that markup in place. A signed-in visitor sees the loader, never the form.
 */

/**
 * Runs in the page: what the document shows once parsed, before its (deferred) scripts run, and
 * whether the form is on screen in any frame while /login is loaded.
 */
const RECORD_FIRST_PAINT = () => {
  const watch = () => {
    const root = document.getElementById('root');
    if (location.pathname !== '/login') return;
    if (root?.querySelector('form') && getComputedStyle(root).display !== 'none') sessionStorage.setItem('formSeen', 'yes');
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || location.pathname !== '/login') return;
    const root = document.getElementById('root');
    const loader = document.getElementById('pc-boot-loader');
    (window as unknown as { firstForm: Element | null }).firstForm = document.querySelector('form');
    sessionStorage.setItem(
      'firstPaint',
      JSON.stringify({
        form: !!root?.querySelector('form') && getComputedStyle(root).display !== 'none',
        loader: !!loader && getComputedStyle(loader).display !== 'none',
      }),
    );
  });
};

test('without its scripts, /login is the sign-in form with the configured product name and links', async ({ page, baseURL }) => {
  const config = (await (await fetch(`${baseURL}/api/config`)).json()) as PublicConfig;
  // None of the page's own scripts runs: what shows is the HTML as the server sent it.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const doc = await page.goto('/login');
  expect(await doc!.text()).not.toContain('%pc:');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(config.productName, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', config.links.privacyPolicy);
  await expect(page.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', config.links.getInTouch);
});

test('the sign-in entry hydrates the pre-rendered form in place, without errors', async ({ page }) => {
  const errors = recordPageErrors(page);
  await page.addInitScript(RECORD_FIRST_PAINT);
  await page.goto('/login');
  // Focused by the page's effect: React has hydrated it.
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('firstPaint'))) ?? 'null')).toEqual({ form: true, loader: false });
  // The same element as parsed from the HTML: a mismatch would have made React render it anew.
  expect(await page.evaluate(() => document.querySelector('form') === (window as unknown as { firstForm: Element }).firstForm)).toBe(true);
  await page.getByLabel('Email').fill(USERS.single);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAppShell(page);
  expect(errors).toEqual([]);
});

test('typed and submitted before the scripts ran: nothing goes into the address, and it signs in once they run', async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/sign-in-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(USERS.single);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Held back by the gate: a plain form submit would have reloaded /login?email=…&password=….
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(page).toHaveURL(/\/$/);
  await expectAppShell(page);
});

test('a signed-in visitor of /login sees the loader, never the form, and goes on to the app', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.addInitScript(RECORD_FIRST_PAINT);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expectAppShell(page);
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('firstPaint'))) ?? 'null')).toEqual({ form: false, loader: true });
  // Nor in any frame after: the entry drops the pre-rendered form before rendering the page afresh.
  expect(await page.evaluate(() => sessionStorage.getItem('formSeen'))).toBeNull();
});

test('a signed-out visit to an app page shows the sign-in form as its first page, then returns there', async ({ page }) => {
  // Any frame in which an app page (not /login) shows something: the app's loader before it
  // finds no session and redirects. The server's app gate sends the visitor on before that.
  await page.addInitScript(() => {
    const watch = () => {
      const root = document.getElementById('root');
      if (location.pathname !== '/login' && root && root.childElementCount > 0 && root.checkVisibility())
        sessionStorage.setItem('appPageSeen', location.pathname);
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.goto('/account-settings?from=mail');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('appPageSeen'))).toBeNull();
  await page.getByLabel('Email').fill(USERS.single);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account-settings\?from=mail$/);
  await expectAppShell(page);
});
