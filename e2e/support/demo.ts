import { expect, type Page } from '@playwright/test';

import { DEMO_EMAILS, DEMO_PASSWORD } from '../../apps/server/src/demo/demo-data';

export { DEMO_PASSWORD };
export const USERS = DEMO_EMAILS;

/** Signs in through the real sign-in page. */
export async function signInThroughPage(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The signed-in app's shell has rendered. Signing in on the light sign-in entry goes on to the app
 * by a full page load, so the new address comes before the app has rendered: a journey that types
 * or tabs at once would act on the loading screen.
 */
export async function expectAppShell(page: Page): Promise<void> {
  // The app's first full load after sign-in (about a hundred chunks) took 10-16 s in CI's two
  // workers beside a starting server: more than one expect timeout.
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });
}

/** Signs in and, for users with several partners, picks one on the selection page. */
export async function signInAndChoose(page: Page, email: string, partnerName?: string): Promise<void> {
  await signInThroughPage(page, email);
  // The first full load of the app's bundle on a freshly started journey server (a cold browser
  // cache, the other worker's server starting beside it) can take longer than one expect timeout.
  const firstLoad = { timeout: 30_000 };
  if (email === USERS.single) {
    await expect(page).toHaveURL(/\/$/, firstLoad);
    await expectAppShell(page);
    return;
  }
  await expect(page).toHaveURL(/\/partner-selection/, firstLoad);
  if (partnerName) {
    await page
      .getByRole('option', { name: new RegExp(partnerName) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expectAppShell(page);
  }
}
