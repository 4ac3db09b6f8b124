import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { USERS, signInThroughPage } from '../support/demo';
import { sidewaysOverflow } from '../support/overflow';

// At 375 px a media owner signs in, sees home, runs a report (one-month picker
// with its presets, rows as cards, and a table that scrolls sideways keeping its first column and totals in view) and
// opens ads.txt, with no sideways page scroll anywhere.

test.use({ viewport: { width: 375, height: 740 } });

test('a phone-sized journey: sign-in, home, a report, ads.txt', async ({ page }) => {
  await signInThroughPage(page, USERS.single);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The navigation opens from the top bar and fits the screen.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  const navBox = (await nav.boundingBox())!;
  expect(navBox.x + navBox.width).toBeLessThanOrEqual(375);
  await nav.getByRole('link', { name: 'Reports', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Revenue Summary', level: 1 })).toBeVisible();
  // A phone shows the rows as cards first; the table is one tap away.
  await expect(page.getByRole('list', { name: 'Revenue Summary results' }).getByTestId('report-row-card').first()).toBeVisible({
    timeout: 30_000,
  });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The presets stay reachable, and the custom range picker opens one month wide, on screen.
  await expect(page.getByRole('combobox', { name: 'Date preset' })).toBeInViewport();
  await page.getByRole('button', { name: 'Custom date range' }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await expect(dropdown).toBeVisible();
  await expect(dropdown.locator('table')).toHaveCount(1);
  const pickerBox = (await dropdown.boundingBox())!;
  expect(pickerBox.x).toBeGreaterThanOrEqual(0);
  expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);

  await page.getByText('Table', { exact: true }).click();
  const table = page.getByRole('table', { name: 'Revenue Summary results' });
  await expect(table.getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The table scrolls sideways inside its box; the first column and the totals stay in view.
  const scroller = page.locator('.mantine-TableScrollContainer-scrollContainer .mantine-ScrollArea-viewport', { has: table }).first();
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const firstCell = table.getByRole('row').nth(1).getByRole('cell').first();
  const cellBox = (await firstCell.boundingBox())!;
  const scrollerBox = (await scroller.boundingBox())!;
  expect(cellBox.x).toBeGreaterThanOrEqual(scrollerBox.x - 1);
  // With the table on screen, its totals row is in view without scrolling the table down.
  await scroller.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('report-totals')).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.goto('/partners/adstxt');
  await expect(page.getByRole('heading', { name: 'Ads.txt Management' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});
