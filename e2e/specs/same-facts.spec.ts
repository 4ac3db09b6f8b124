import { Routes } from '@pc/contracts';
import { DEMO_PUBLISHERS } from '../../apps/server/src/demo/demo-data';
import { USERS, signInAndChoose } from '../support/demo';
import { expect, test, type Page } from '../support/test';

/**
 * Every page that shows a partner's facts shows the same ones, read the way a person reads them:
 * Home's month to date and its change against the report's "This month" with its comparison;
 * the sites and what each service counts on Services, Setup and My Plans; a held payment's reason
 * on Home and on Payments. Each demo partner in turn, through the pages themselves (the API test
 * site-status-pages.api.test.ts checks the same facts one level down).
 */

/** "$12,345.67" or "€1,234.50" -> 12345.67. */
const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The texts of every element matching `selector`, in page order. */
const textsOf = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));

interface HomeFacts {
  monthToDate: number;
  change: string;
  setupProgress: string;
  holds: Map<string, string>;
}

async function readHome(page: Page): Promise<HomeFacts> {
  const mtdLink = page.getByRole('link', { name: /^Month to date: / });
  await expect(mtdLink).toBeVisible();
  const label = (await mtdLink.getAttribute('aria-label'))!;
  // The card's second line starts with the report's wording of the change: a percentage, or why there is none.
  // "+54.0%" and "vs $14,315.65 for Oct 1–Oct 28" are two spans of one line, read as one text.
  const changeLine = (await mtdLink
    .locator('div')
    .filter({ hasText: /vs .+ for / })
    .last()
    .textContent())!;
  const change = changeLine.slice(0, changeLine.indexOf('vs ')).trim();
  await expect(page.getByTestId('home-setup-progress')).toHaveText(/\d+ of \d+ steps done/);
  const payments = page.getByRole('region', { name: 'Payments summary' });
  await expect(payments.getByTestId('home-next-payment')).toBeVisible();
  const holds = new Map<string, string>();
  for (const note of await payments.locator('[data-testid^="home-hold-"]').all()) {
    const period = (await note.getAttribute('data-testid'))!.replace('home-hold-', '');
    holds.set(period, (await note.textContent())!.replace(/^.* on hold: /, ''));
  }
  return {
    monthToDate: amountOf(label.slice('Month to date: '.length, label.indexOf('. Open the report'))),
    change,
    setupProgress: (await page.getByTestId('home-setup-progress').textContent())!,
    holds,
  };
}

for (const partner of DEMO_PUBLISHERS) {
  test(`${partner.name}: Home, Reports, Services, Setup, My Plans and Payments show the same facts`, async ({ page }) => {
    test.slow();
    await signInAndChoose(page, USERS.admin, partner.name);
    const home = await readHome(page);

    // The report's "This month" against the same days of last month is the card's month to date.
    await page.goto(`${Routes.revenueSummary}?preset=thisMonth&interval=Cumulative&metrics=revenue&cmp=previous`);
    const revenueTotal = page.getByTestId('report-totals').locator('td[data-column="Revenue"]');
    await expect(revenueTotal).toHaveAttribute('data-value', /\d/);
    expect(Number(await revenueTotal.getAttribute('data-value'))).toBeCloseTo(home.monthToDate, 2);
    await expect(revenueTotal.getByTestId('report-change')).toHaveText(new RegExp(`^${home.change.replace(/[.+()]/g, '\\$&')}`));

    // Services: the sites and what each service counts.
    await page.goto(Routes.services);
    const servicesSites = page.getByRole('table', { name: 'Plan status of your sites' }).locator('tbody tr[data-site]');
    await expect(servicesSites.first()).toBeVisible();
    const siteIds = await servicesSites.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-site')!));
    const siteNames = await textsOf(page, 'table[aria-label="Plan status of your sites"] tbody tr[data-site] td:first-child p:first-child');
    const serviceCount = async (id: string) => {
      const badge = await page
        .locator(`[data-service="${id}"]`)
        .getByText(/ of \d+ sites$/)
        .textContent();
      expect(badge, `the ${id} service counts every site`).toMatch(new RegExp(` of ${siteIds.length} sites$`));
      return Number(badge!.split(' ')[0]);
    };
    const tagSites = await serviceCount('audience');
    expect(await serviceCount('performance')).toBe(tagSites);
    const monitoredSites = await serviceCount('observability');

    // Setup: the same sites in the same order, the same progress as Home's card, and the steps
    // that back each service's count.
    await page.goto(Routes.cloudSetup);
    await expect(page.getByTestId('setup-progress-text')).toHaveText(home.setupProgress);
    const setupSites = page.locator('[aria-label^="Setup of "][data-site]');
    await expect(setupSites).toHaveCount(siteIds.length);
    expect(await setupSites.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-site')!))).toEqual(siteIds);
    await expect(setupSites.locator('[data-step="site-tag"][data-done="true"]')).toHaveCount(tagSites);
    await expect(setupSites.locator('[data-step="monitor"][data-done="true"]')).toHaveCount(monitoredSites);

    // My Plans: the same sites by name, in the same order.
    await page.goto(Routes.myPlans);
    const planRows = page.getByRole('table', { name: 'Plan per site' }).locator('tbody tr');
    await expect(planRows).toHaveCount(siteIds.length);
    const planNames = await planRows.evaluateAll((rows) => rows.map((r) => r.querySelector('td')!.firstChild!.textContent!.trim()));
    expect(planNames).toEqual(siteNames);

    // Payments: every payment Home says is on hold is on hold here, for the same reason.
    await page.goto(Routes.payments);
    await expect(page.getByRole('table').first()).toBeVisible();
    const heldHere = new Map<string, string>();
    for (const note of await page.locator('[data-testid^="hold-note-"]').all()) {
      const period = (await note.getAttribute('data-testid'))!.replace('hold-note-', '');
      heldHere.set(period, (await note.textContent())!.replace(/^On hold: /, ''));
    }
    expect(heldHere).toEqual(home.holds);
  });
}
