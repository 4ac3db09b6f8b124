import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { E2E_PORT, JOURNEY_SERVER_ENV, startAppServer, type AppServer } from './app-server';
import { seriousA11yViolations } from './axe';

export * from '@playwright/test';

/**
 * Every journey's `test`: the same as Playwright's, plus an accessibility check
 * of where each journey ends. When a test that passed is done with a page of the app (the `page`
 * fixture at the end of the test, or a context the test made itself when it closes it), axe runs
 * on that page and the test fails on any serious or critical violation, colour contrast included.
 * Journeys check pages in the middle with `expectNoSeriousA11yViolations` (support/axe.ts); the
 * sweep (a11y-mobile-sweep.spec.ts) loads every route at 1280 px and 375 px.
 *
 * Only pages of the app under test are checked (not about:blank, stub servers, demo sites), and a
 * test that already failed is not checked again, so the first error stays the one reported.
 */

/** Lets Mantine's transitions finish: a half-faded menu would fail colour contrast for no reason. */
async function settle(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
    )
    .catch(() => undefined);
}

function isAppPage(page: Page, baseURL: string | undefined): boolean {
  if (page.isClosed() || !baseURL) return false;
  const url = page.url();
  return url.startsWith('http') && new URL(url).origin === new URL(baseURL).origin;
}

async function checkPage(page: Page, baseURL: string | undefined, testInfo: TestInfo, soft = false): Promise<void> {
  if (testInfo.errors.length > 0 || testInfo.status !== testInfo.expectedStatus || !isAppPage(page, baseURL)) return;
  // The check has its own time on top of the journey's, so a slow machine cannot time a journey out.
  testInfo.setTimeout(testInfo.timeout + 30_000);
  await settle(page);
  // The page may have been navigated away or closed while settling: only a live page is judged.
  if (!isAppPage(page, baseURL)) return;
  const where = new URL(page.url()).pathname;
  const check = soft ? expect.soft : expect;
  check(await seriousA11yViolations(page), `axe (serious or critical) where the journey ended: ${where}`).toEqual([]);
}

/**
 * One server, and so one database, per Playwright worker (worker N on E2E_PORT + N): journeys in
 * different workers run side by side without seeing each other's data, sessions or rate limits.
 * A worker restarted after a failure starts a fresh server. Hooks (`beforeAll`) reach the
 * worker's server through the `appServer` fixture; tests and their contexts through `baseURL`.
 */
export const test = base.extend<{ a11yOfOwnContexts: void }, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startAppServer(E2E_PORT + workerInfo.parallelIndex, JOURNEY_SERVER_ENV);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.baseURL);
  },
  page: async ({ page, baseURL }, use, testInfo) => {
    await use(page);
    await checkPage(page, baseURL, testInfo);
  },
  // Contexts a test opens itself (a second user, an invitee; `browser.newPage()` makes one too) are
  // checked when the test closes them, or at its end if it leaves them open.
  a11yOfOwnContexts: [
    async ({ browser, baseURL }, use, testInfo) => {
      const original = browser.newContext.bind(browser);
      const open = new Map<BrowserContext, string | undefined>();
      let ended = false;
      const checkContext = async (context: BrowserContext, soft: boolean) => {
        const origin = open.get(context);
        open.delete(context);
        for (const p of context.pages()) await checkPage(p, origin, testInfo, soft);
      };
      const patched: Browser['newContext'] = async (options) => {
        const context: BrowserContext = await original(options);
        open.set(context, options?.baseURL ?? baseURL);
        const close = context.close.bind(context);
        context.close = async (closeOptions) => {
          // Soft: a close in a `finally` after a failed step must not hide that step's error.
          if (!ended && open.has(context)) await checkContext(context, true);
          await close(closeOptions);
        };
        return context;
      };
      // axe refuses a page from `browser.newPage()` (its context belongs to the page): make those
      // pages in a context of their own instead, closed with the page as Playwright would.
      const originalNewPage = browser.newPage.bind(browser);
      const pageContexts: BrowserContext[] = [];
      const newPage: Browser['newPage'] = async (options) => {
        const context = await patched(options);
        pageContexts.push(context);
        const page = await context.newPage();
        page.once('close', () => void context.close().catch(() => undefined));
        return page;
      };
      browser.newContext = patched;
      browser.newPage = newPage;
      try {
        await use();
        for (const context of [...open.keys()]) await checkContext(context, false);
      } finally {
        ended = true;
        browser.newContext = original;
        browser.newPage = originalNewPage;
        for (const context of pageContexts) await context.close().catch(() => undefined);
      }
    },
    { auto: true },
  ],
});
