import { expect, test, type Browser, type Page } from '../support/test';
import { seriousA11yViolations } from '../support/axe';
import { USERS, signInAndChoose } from '../support/demo';
import { sidewaysOverflow } from '../support/overflow';
import { protectedRoutes, publicRoutes, unresolvedRoutes, type SweptRoute } from '../support/routes';

// Every page of the app, at 1280 px and at 375 px, has no serious or critical
// axe violation (colour contrast included) and, on a phone, no sideways page scroll. The route list
// comes from the contracts, so new pages are swept too. Kept lean for CI: one sign-in shared by both
// viewports, one load and one axe run per page and viewport, no screenshots.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
] as const;

async function settle(page: Page): Promise<void> {
  // Lazy pages and their data: wait until no loader or skeleton is left.
  await expect(page.locator('main, [role="main"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0, { timeout: 20_000 });
}

async function checkPage(page: Page, route: SweptRoute, mobile: boolean): Promise<void> {
  await page.goto(route.path);
  await settle(page);
  expect.soft(await seriousA11yViolations(page), `axe on ${route.path}`).toEqual([]);
  if (mobile) expect.soft(await sidewaysOverflow(page), `sideways scroll on ${route.path} at 375 px`).toBeLessThanOrEqual(0);
}

/** The first uptime monitor's id, read from the list page (ids exist only at run time). */
async function runtimeIds(page: Page): Promise<Record<string, string>> {
  await page.goto('/uptime-monitoring');
  const href = await page
    .locator('a[href^="/uptime-monitoring/"]:not([href$="/new"])')
    .first()
    .getAttribute('href', { timeout: 10_000 })
    .catch(() => null);
  const id = href?.split('/')[2] ?? 'unknown';
  return { uptimeMonitor: id, uptimeMonitorEdit: id };
}

/** SWEEP_ROUTES=home,adsTxt narrows a local run to some pages (CI sweeps them all). */
const only = process.env.SWEEP_ROUTES?.split(',');
const picked = (routes: SweptRoute[]) => routes.filter((r) => !only || only.includes(r.name));

let signedIn: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
let ids: Record<string, string> = {};
test.beforeAll(async ({ browser, appServer }) => {
  test.setTimeout(90_000);
  // A hook has no `baseURL` fixture: the worker's server gives it.
  const context = await browser.newContext({ baseURL: appServer.baseURL });
  const page = await context.newPage();
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  ids = await runtimeIds(page);
  signedIn = await context.storageState();
  await context.close();
});

test('every route taking an id has a demo id in e2e/support/routes.ts', () => {
  expect(unresolvedRoutes()).toEqual([]);
});

for (const viewport of VIEWPORTS) {
  test(`public pages at ${viewport.width} px`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport, baseURL });
    const page = await context.newPage();
    for (const route of picked(publicRoutes())) await test.step(route.path, () => checkPage(page, route, viewport.name === 'mobile'));
    await context.close();
  });

  test(`every signed-in page at ${viewport.width} px`, async ({ browser, baseURL }) => {
    // About a minute on a quiet machine; generous for a loaded one.
    test.setTimeout(900_000);
    const context = await browser.newContext({ viewport, baseURL, storageState: signedIn });
    const page = await context.newPage();
    for (const route of picked(protectedRoutes(ids))) await test.step(route.path, () => checkPage(page, route, viewport.name === 'mobile'));
    await context.close();
  });
}
