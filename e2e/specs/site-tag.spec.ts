import { expect, test, type Page } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { recordRequests } from '../support/page-events';

// The site tag end to end in Chromium: Northwind Sport (5002) has no demo events, so the visits
// made here are the only ones and their figures are exact.
test.describe.configure({ mode: 'serial' });

interface SentEvent {
  t: string;
  n?: string;
}

/** Every event the tag beacons from `page` (sendBeacon posts text/plain to /t/collect). */
function recordBeacons(page: Page): SentEvent[] {
  return recordRequests(page, (req) =>
    req.url().endsWith('/t/collect') && req.method() === 'POST' ? (JSON.parse(req.postData() ?? '{}') as { e: SentEvent[] }).e : [],
  );
}

/**
 * A site's demo page as the console links it: on the server's public address (main.ts: in demo
 * mode http://localhost:<port>), whose tag script the page loads. The journey's own 127.0.0.1
 * address would make the tag a script of another origin, which the page's CSP blocks.
 */
const demoPage = (baseURL: string | undefined, siteId: string) =>
  `${baseURL!.replace('//127.0.0.1:', '//localhost:')}/demo/sites/${siteId}`;

test('with Do-Not-Track the tag sends nothing', async ({ browser, baseURL }) => {
  const visitor = await browser.newContext();
  await visitor.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
  const page = await visitor.newPage();
  const sent = recordBeacons(page);
  await page.goto(demoPage(baseURL, '5002'));
  await expect(page.getByRole('heading', { name: 'Welcome to Northwind Sport' })).toBeVisible();
  await page.mouse.click(200, 200);
  await page.waitForTimeout(2500);
  await page.goto('about:blank');
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  await visitor.close();
});

test("the tag honours the site's sample rate: a page load outside the sample sends nothing", async ({ page, browser, baseURL }) => {
  // Northwind News (5001) records one page load in 20 in the demo; its setup row says so.
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/audience-overview?site=5001&range=7');
  const setup = page.getByRole('table', { name: 'Site tag status' });
  await expect(setup.getByRole('row', { name: /^Northwind News/ }).getByText('1 in 20 (5 %)')).toBeVisible();

  /** One visit of the demo page with Math.random fixed, so the tag's sampling draw is known. */
  const visit = async (random: number) => {
    const visitor = await browser.newContext();
    await visitor.addInitScript((r) => {
      Math.random = () => r;
    }, random);
    const demo = await visitor.newPage();
    const sent = recordBeacons(demo);
    await demo.goto(demoPage(baseURL, '5001'));
    await expect(demo.getByRole('heading', { name: 'Welcome to Northwind News' })).toBeVisible();
    await demo.mouse.click(200, 200);
    await demo.waitForTimeout(2500);
    await demo.goto('about:blank');
    await demo.waitForTimeout(500);
    await visitor.close();
    return sent.map((e) => e.t);
  };
  expect(await visit(0.5)).toEqual([]); // 0.5 x 20 >= 1: not in the sample, nothing at all is sent
  expect(await visit(0.01)).toContain('pv'); // 0.01 x 20 < 1: recorded
});

test('a media owner installs the tag on the demo page, verifies it, and sees the visit in audience, performance and ad revenue', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // a whole journey across three pages and a visitor's browser, on a shared machine
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/audience-overview?site=5002&range=7');
  await expect(page.getByRole('heading', { name: 'Audience Overview' })).toBeVisible();
  await expect(page.getByText('No page views in this period')).toBeVisible();
  const setup = page.getByRole('table', { name: 'Site tag status' });
  await expect(setup.getByRole('row', { name: /Northwind Sport/ }).getByText('No data yet')).toBeVisible();

  // The snippet and the guides, then verify installation on the demo page (fetched by the server).
  await setup.getByRole('button', { name: 'Install and verify the tag on Northwind Sport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Site tag for Northwind Sport' });
  await expect(dialog.getByLabel('Site tag snippet')).toContainText(/<script async src="http:\/\/localhost:\d+\/t\/\w+\.js"><\/script>/);
  await dialog.getByRole('tab', { name: 'Google Tag Manager' }).click();
  await expect(dialog.getByText('Custom HTML')).toBeVisible();
  const demoUrl = (await dialog.getByRole('link', { name: 'open the demo page' }).getAttribute('href'))!;
  expect(demoUrl).toMatch(/\/demo\/sites\/5002$/);
  await dialog.getByLabel('Page to check').fill(demoUrl);
  await dialog.getByRole('button', { name: 'Verify installation' }).click();
  await expect(dialog.getByText('Tag found')).toBeVisible();
  await dialog.getByLabel('Page to check').fill('https://elsewhere.example/');
  await dialog.getByRole('button', { name: 'Verify installation' }).click();
  await expect(dialog.getByText(/Enter an address on sport\.northwind-news\.example/)).toBeVisible();
  await page.keyboard.press('Escape');

  // A visitor (own browser context, no cookies) reads the demo page: page view, vitals, engagement.
  const visitor = await browser.newContext();
  const demo = await visitor.newPage();
  const sent = recordBeacons(demo);
  await demo.goto(demoUrl);
  await expect(demo.getByRole('heading', { name: 'Welcome to Northwind Sport' })).toBeVisible();
  await expect.poll(() => sent.filter((e) => e.t === 'pv').length).toBe(1);
  await demo.mouse.click(300, 300); // input finalises LCP
  await demo.mouse.wheel(0, 4000);
  await expect.poll(() => sent.some((e) => e.n === 'LCP')).toBe(true);
  // The visitor switches tabs: headless Chromium never hides a page by itself, so the page is told
  // it is hidden exactly as the browser would (visibilityState + visibilitychange); the tag then
  // sends engagement and web-vitals its final CLS.
  await demo.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => sent.map((e) => e.n ?? e.t).sort()).toEqual(expect.arrayContaining(['CLS', 'FCP', 'LCP', 'TTFB', 'en', 'pv']));
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  // The visit in the audience overview (exact: the only page view of this site).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('group', { name: 'Page views' })).toContainText(/^Page views1$/, { timeout: 8000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('group', { name: 'Unique visitors' })).toContainText('1');
  await expect(page.getByRole('table', { name: 'Top pages' })).toContainText('/demo/sites/5002');
  await expect(setup.getByRole('row', { name: /Northwind Sport/ }).getByText('Receiving data')).toBeVisible();

  // Its vitals in performance.
  await page.goto('/performance?site=5002&range=7');
  await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'LCP' })).toContainText('1 page loads.');
  await expect(page.getByRole('table', { name: 'Slowest pages' })).toContainText('/demo/sites/5002');

  // Page RPM in the ad revenue overview (Northwind's demo revenue over the tag's page views).
  await page.goto('/ad-revenue?range=28');
  await expect(page.getByRole('heading', { name: 'Ad Revenue' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('group', { name: 'Page RPM' })).toContainText(/\$\d/, { timeout: 8000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Top sites' })).toContainText('Northwind Sport');
  const link = page.getByRole('link', { name: 'Open the revenue report' });
  await expect(link).toHaveAttribute('href', /preset=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

  // The home card: the last 7 days of the tag, linking to the three views.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const card = page.getByLabel('Audience summary');
  await expect(card.getByText('Unique visitors')).toBeVisible();
  await card.getByRole('link', { name: 'Open the audience overview' }).click();
  await expect(page.getByRole('heading', { name: 'Audience Overview' })).toBeVisible();
});

test('staff set a site’s sample rate on its tag setup, and the pages mark its figures as estimates', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAndChoose(page, USERS.staff, 'Northwind News');
  const notice = page.getByRole('alert').filter({ hasText: 'Estimated figures' });

  // Before: Northwind News records 1 in 20 in the demo, Northwind Sport every page load.
  await page.goto('/ad-revenue?range=28');
  await expect(notice).toContainText('Totals include estimates: Northwind News (1 in 20) is sampled');
  await expect(notice).toContainText("The other sites' figures are exact.");
  const topSites = page.getByRole('table', { name: 'Top sites' });
  const mark = (site: string, oneIn: number) =>
    topSites
      .getByRole('row', { name: new RegExp(`^${site}`) })
      .getByText(`Estimated: Page views and page RPM estimated from a 1-in-${oneIn} sample`);
  await expect(mark('Northwind News', 20)).toBeVisible();
  await expect(topSites.getByRole('row', { name: /^Northwind Sport/ })).toBeVisible();
  await expect(topSites.getByRole('row', { name: /^Northwind Sport/ }).getByText(/Estimated/)).toHaveCount(0);

  // Staff change Northwind Sport to one page load in 10 on its setup row. The popover opens only once
  // the overview has answered: an answer arriving later grows the page above the row (this site has
  // the visit of the journey above), the Change button leaves the screen, and Mantine then hides the
  // popover with it (display: none), so the rate field is never visible.
  const loaded = () => expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await page.goto('/audience-overview?site=5002&range=7');
  const row = page.getByRole('table', { name: 'Site tag status' }).getByRole('row', { name: /^Northwind Sport/ });
  await expect(row.getByText('All page views')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await loaded();
  await row.getByRole('button', { name: 'Change the sample rate of Northwind Sport' }).click();
  const rate = page.getByLabel('Record one page load in');
  await rate.fill('10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Northwind Sport now records 1 in 10 (10 %) of page loads.')).toBeVisible();
  await expect(row.getByText('1 in 10 (10 %)')).toBeVisible();
  await expect(notice).toContainText('Estimated from a 1-in-10 sample: Northwind Sport records one page load in 10');

  // The ad revenue overview now marks both sites' rows and names both in its notice.
  await page.goto('/ad-revenue?range=28');
  await expect(notice).toContainText('Northwind News (1 in 20), Northwind Sport (1 in 10) are sampled');
  await expect(mark('Northwind Sport', 10)).toBeVisible();
  await expect(mark('Northwind News', 20)).toBeVisible();

  // Back to every page load (the journeys above count this site's page views exactly): no notice.
  await page.goto('/audience-overview?site=5002&range=7');
  await expect(row.getByText('1 in 10 (10 %)')).toBeVisible();
  await loaded();
  await row.getByRole('button', { name: 'Change the sample rate of Northwind Sport' }).click();
  await rate.fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('All page views')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
