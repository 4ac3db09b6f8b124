import { expect, test, type Page } from '../support/test';
import type { ReportListItem } from '@pc/contracts';
import { USERS, signInAndChoose } from '../support/demo';

// The report-ready banner's edge cases. It never leaks to the next person on the
// same browser, a failed export stops the 2 s polling with an error toast saying what to do, and
// only a report the signed-in user was waiting for raises it.

const BANNER = 'Your Revenue Summary report is available for download.';
const LIST_PATH = '/api/partner-center/reports';

const item = (over: Partial<ReportListItem>): ReportListItem => ({
  id: 'r-1',
  type: 'revenue',
  isNew: true,
  status: 'done',
  format: 'csv',
  delivery: 'file',
  created: new Date().toISOString(),
  dateFrom: '2026-01-01',
  dateTo: '2026-01-31',
  ...over,
});

/** Answers the exports list with `items` and counts the polls. */
async function fakeList(page: Page, items: ReportListItem[]): Promise<{ count: () => number }> {
  let n = 0;
  await page.route(
    (url) => url.pathname === LIST_PATH,
    (route) => {
      n++;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(items) });
    },
  );
  return { count: () => n };
}

/** What the export buttons leave behind: the types this user awaits, persisted on the device. */
async function awaitTypes(page: Page, types: string[]): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('pc_reports_awaited', JSON.stringify(t)), types);
  await page.reload();
}

test('a failed export stops the polling and says what to do, without a banner', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  const polls = await fakeList(page, [item({ status: 'failed', isNew: false })]);
  await awaitTypes(page, ['revenue']);
  await expect(page.getByText(/Your Revenue Summary export could not be made\. Please export the report again/)).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pc_reports_awaited'))).toBe('[]');
  const after = polls.count();
  // Two polling intervals later nothing more was asked.
  await page.waitForTimeout(4_500);
  expect(polls.count()).toBe(after);
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('a new report of a type the user was not waiting for raises no banner; the awaited one does', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  const polls = await fakeList(page, [item({ type: 'revenue' })]);
  await awaitTypes(page, ['recirculation']);
  await expect.poll(() => polls.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(page.getByText(/Recirculation Summary report is available/)).toHaveCount(0);

  await awaitTypes(page, ['revenue']);
  await expect(page.getByText(BANNER)).toBeVisible({ timeout: 15_000 });
});

test('the banner and its lists do not survive sign-out: the next user on the browser sees nothing', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.evaluate(() => {
    localStorage.setItem('pc_reports_received', JSON.stringify(['revenue']));
    localStorage.setItem('pc_reports_awaited', JSON.stringify(['recirculation']));
  });
  await page.reload();
  await expect(page.getByText(BANNER)).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  const left = await page.evaluate(() =>
    ['pc_reports_received', 'pc_reports_awaited', 'pc_publisher_id'].filter((k) => localStorage.getItem(k) !== null),
  );
  expect(left).toEqual([]);

  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.getByText(BANNER)).toHaveCount(0);
});
