import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { Routes } from '@pc/contracts';
import { DEMO_PASSWORD, USERS, expectAppShell } from '../support/demo';
import { startExtraServer, type ExtraServer } from '../support/extra-server';
import { recordConsole } from '../support/page-events';
import { APP_GATE_CSP_SOURCE } from '../../apps/server/src/http/app-gate';
import { SIGN_IN_GATE_CSP_SOURCE } from '../../apps/server/src/http/sign-in-gate';

// Each third-party tool loads only when its id is configured, is initialised with
// it, is allowed by the CSP, and is absent otherwise; the help widget is for signed-in pages outside
// the spec's hidden routes; the product tour reloads on every route change. The vendors' scripts
// are replaced by local stubs (e2e/support/third-party-stubs) that record what they were given.

const STUBS: [RegExp, string][] = [
  [/^https:\/\/www\.googletagmanager\.com\/gtm\.js/, 'gtm.js'],
  [/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, 'gtag.js'],
  [/^https:\/\/static\.hotjar\.com\//, 'hotjar.js'],
  [/^https:\/\/static\.zdassets\.com\//, 'zendesk.js'],
  [/^https:\/\/cdn\.pendo\.io\//, 'pendo.js'],
  [/^https:\/\/cdn\.mxpnl\.com\//, 'mixpanel.js'],
];

const IDS = {
  TAG_MANAGER_ID: 'GTM-STUB01',
  PAGE_ANALYTICS_ID: 'G-STUB01',
  PAGE_ANALYTICS_ID_2: 'G-STUB02',
  SESSION_RECORDER_ID: '3141592',
  SESSION_RECORDER_SNIPPET_VERSION: '6',
  HELP_WIDGET_ID: 'zd-stub-key',
  PRODUCT_TOUR_KEY: 'pendo-stub-key',
  EVENT_ANALYTICS_KEY: 'mp-stub-token',
};

/** What each tool needs: its script host and the hosts its script calls (vendors' CSP guides). */
const TOOL_HOSTS = [
  // tag manager and page analytics
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  // session recorder
  'https://static.hotjar.com',
  'https://script.hotjar.com',
  'https://*.hotjar.com',
  'wss://*.hotjar.com',
  // help widget
  'https://static.zdassets.com',
  'https://*.zendesk.com',
  'wss://*.zendesk.com',
  // product tour
  'https://cdn.pendo.io',
  'https://app.pendo.io',
  'https://data.pendo.io',
  // event analytics
  'https://cdn.mxpnl.com',
  'https://api-js.mixpanel.com',
];

/** Serves the stubs, records every outside request and every CSP violation. */
async function instrument(page: Page): Promise<{ outside: string[] }> {
  const outside: string[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
    const url = route.request().url();
    outside.push(url);
    const stub = STUBS.find(([re]) => re.test(url));
    if (!stub) return route.fulfill({ status: 204 });
    const body = readFileSync(new URL(`../support/third-party-stubs/${stub[1]}`, import.meta.url), 'utf8');
    return route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { outside };
}

const stubs = <T>(page: Page, name: string) =>
  page.evaluate((n) => (window as unknown as { __stubs?: Record<string, unknown> }).__stubs?.[n] ?? null, name) as Promise<T | null>;

test.describe('every tool configured', () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startExtraServer(IDS);
  });
  test.afterAll(async () => server?.stop());

  test('initialised with their ids, allowed by the CSP; help widget on signed-in pages only', async ({ page }) => {
    test.slow(); // the app shell's first load on a just-started server (below)
    await instrument(page);
    const doc = await page.goto(`${server.baseURL}/login`);
    const csp = doc!.headers()['content-security-policy']!;
    // Exactly what the five tools load from and talk to, nothing more (script, image and connect).
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values.sort()];
      }),
    );
    // script-src also holds the hashes of the two inline gate scripts (sign-in pages, app page).
    for (const directive of ['script-src', 'img-src', 'connect-src'])
      expect(directives[directive], directive).toEqual(
        [
          ...TOOL_HOSTS,
          "'self'",
          ...(directive === 'img-src' ? ['data:', 'blob:'] : []),
          ...(directive === 'script-src' ? [SIGN_IN_GATE_CSP_SOURCE, APP_GATE_CSP_SOURCE] : []),
        ].sort(),
      );
    expect(directives['default-src']).toEqual(["'self'"]);

    await expect.poll(() => stubs(page, 'tagManager')).toEqual({ id: IDS.TAG_MANAGER_ID, events: ['gtm.js'] });
    await expect
      .poll(() => stubs(page, 'pageAnalytics'))
      .toEqual({ id: IDS.PAGE_ANALYTICS_ID, configs: [IDS.PAGE_ANALYTICS_ID, IDS.PAGE_ANALYTICS_ID_2] });
    await expect.poll(() => stubs(page, 'sessionRecorder')).toEqual({ settings: { hjid: 3141592, hjsv: 6 }, hasQueue: true });
    await expect.poll(() => stubs<{ apiKey: string }>(page, 'productTour').then((s) => s?.apiKey)).toBe(IDS.PRODUCT_TOUR_KEY);
    await expect.poll(() => stubs<{ tokens: string[] }>(page, 'eventAnalytics').then((s) => s?.tokens)).toEqual([IDS.EVENT_ANALYTICS_KEY]);
    // The help widget is not on the sign-in page.
    await expect(page.locator('#ze-snippet')).toHaveCount(0);

    await page.getByLabel('Email').fill(USERS.single);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The widget loads once the app's shell has (each chunk also goes through this spec's routing).
    await expectAppShell(page);
    await expect.poll(() => stubs(page, 'helpWidget')).toMatchObject({ key: IDS.HELP_WIDGET_ID, scriptId: 'ze-snippet' });
    await expect.poll(() => stubs<{ calls: string[] }>(page, 'helpWidget').then((s) => s?.calls.at(-1))).toBe('messenger:show');
    // Usage events also reach the configured event analytics.
    await expect.poll(() => stubs<{ events: string[] }>(page, 'eventAnalytics').then((s) => s?.events)).toContain('Login');

    // A route change reloads the product tour; ads.txt is a hidden route for the help widget.
    const loadsBefore = (await stubs<{ pageLoads: number }>(page, 'productTour'))!.pageLoads;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ads.txt Management' }).click();
    await expect(page).toHaveURL(/\/adstxt$/);
    await expect.poll(() => stubs<{ pageLoads: number }>(page, 'productTour').then((s) => s!.pageLoads)).toBeGreaterThan(loadsBefore);
    await expect.poll(() => stubs<{ calls: string[] }>(page, 'helpWidget').then((s) => s?.calls.at(-1))).toBe('messenger:hide');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payments' }).click();
    await expect.poll(() => stubs<{ calls: string[] }>(page, 'helpWidget').then((s) => s?.calls.at(-1))).toBe('messenger:show');

    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  });

  test('the help widget never loads on the public pages', async ({ page }) => {
    await instrument(page);
    for (const path of ['/login', '/forgot']) {
      await page.goto(`${server.baseURL}${path}`);
      await expect.poll(() => stubs(page, 'tagManager')).not.toBeNull();
      await expect(page.locator('#ze-snippet')).toHaveCount(0);
    }
  });
});

test('with no id configured no tool loads and the CSP allows only this origin', async ({ page }) => {
  const { outside } = await instrument(page);
  const doc = await page.goto('/login');
  const csp = doc!.headers()['content-security-policy']!;
  expect(csp).toContain(`script-src 'self' ${SIGN_IN_GATE_CSP_SOURCE} ${APP_GATE_CSP_SOURCE};`);
  await page.getByLabel('Email').fill(USERS.single);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script[src^="http"]:not([src^="http://127.0.0.1"])').count()).toBe(0);
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __stubs?: unknown }).__stubs ?? null)).toBeNull();
});

test('no page load files a CSP violation: zod does not probe eval (jitless)', async ({ page }) => {
  // The browser logs every blocked eval or source to the console as well as firing the event.
  const console = recordConsole(page, (m) => /Content Security Policy|unsafe-eval/i.test(m.text()));
  const violations: string[] = [];
  const collect = async () => violations.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
  await instrument(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(USERS.single);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  // Signing in parses the form and the answers with zod: the moment the probe used to run.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  await collect();
  // Full page loads of signed-in pages (a report, ads.txt, settings) parse on start-up too.
  for (const path of [Routes.revenueSummary, Routes.adsTxt, Routes.accountSettings]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await collect();
  }
  expect(await page.evaluate(() => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless)).toBe(true);
  expect(violations).toEqual([]);
  expect(console).toEqual([]);
});
