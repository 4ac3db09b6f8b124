import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, USERS } from '../support/demo';
import { recordRequests, recordResponses } from '../support/page-events';

/**
 * A first visit to a signed-out page gets the light sign-in entry, not the whole
 * app. What /login needs before it can be used (its HTML, scripts and stylesheets, each counted
 * gzipped as the server may send it) must stay within a budget, in a few requests, without the
 * app's shell, SWR or charts. Bytes and counts do not depend on the machine's load, unlike timings
 * (npm run bench:bundle prints those).
 */
const BUDGET = { htmlAndJs: 130 * 1024, css: 16 * 1024, scripts: 6 };
// Modules of the full app that have no place on a signed-out page (chunk names are the modules').
const APP_ONLY = /\/assets\/(app|shell-layout|swr|time-series-chart|report-page|home-page|schemas)-[\w-]+\.js$/;

for (const path of ['/login', '/forgot']) {
  test(`${path} loads the light sign-in entry within its byte budget`, async ({ page }) => {
    const sizes = recordResponses(page, async (r) => {
      const kind = r.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(kind) || r.status() !== 200) return [];
      const body = await r.body().catch(() => null);
      return body ? [{ url: r.url(), kind, gz: gzipSync(body, { level: 9 }).length }] : [];
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const scripts = sizes.filter((s) => s.kind === 'script');
    const htmlAndJs = sizes.filter((s) => s.kind !== 'stylesheet').reduce((sum, s) => sum + s.gz, 0);
    const css = sizes.filter((s) => s.kind === 'stylesheet').reduce((sum, s) => sum + s.gz, 0);
    const detail = sizes.map((s) => `${s.kind} ${new URL(s.url).pathname} ${s.gz} B`).join('\n');
    expect(
      scripts.filter((s) => APP_ONLY.test(s.url)),
      detail,
    ).toEqual([]);
    expect(scripts.length, detail).toBeLessThanOrEqual(BUDGET.scripts);
    expect(htmlAndJs, detail).toBeLessThanOrEqual(BUDGET.htmlAndJs);
    expect(css, detail).toBeLessThanOrEqual(BUDGET.css);
  });
}

test('signing in on the light entry goes on to the full app, at the remembered page', async ({ page }) => {
  // Signed out, a protected page (the full app) sends the visitor to /login and remembers it.
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  // A reload of /login is a first visit: the light entry, without the app's main script.
  const scripts = recordRequests(page, (r) => (r.resourceType() === 'script' ? [new URL(r.url()).pathname] : []));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/app-[\w-]+\.js$/.test(s))).toEqual([]);
  await expect(page.locator('script[src*="/assets/sign-in-"]')).toHaveCount(1);
  // The "Forgot password?" link and back stay in the light entry (no page load).
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.goBack();
  await page.getByLabel('Email').fill(USERS.single);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // The full app's document (its main script; the browser may have it cached from the first load).
  await expect(page.locator('script[src*="/assets/app-"]')).toHaveCount(1);
});
