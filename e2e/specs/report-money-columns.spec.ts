import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { pastRightEdge, sidewaysOverflow } from '../support/overflow';
import AxeBuilder from '@axe-core/playwright';

// A revenue report split three ways keeps its money in view: at 1280 px the metrics come before
// the second and third dimensions, so Revenue shows without scrolling the table sideways; at
// 375 px each row is a card with the chosen metrics as label and value pairs, sortable by a
// "Sort by" select that shares the table's sort.

const REPORT = '/partners/inventory-performance/revenue-summary?preset=last30&interval=Day&dims=sites,product_type,brand';

const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a three-dimension revenue report shows its money columns without a sideways scroll', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await page.goto(REPORT);
    const table = page.getByRole('table', { name: 'Revenue Summary results' });
    await expect(table.getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
    for (const name of [/^Site/, /^Product Type/, /^Brand/]) await expect(table.getByRole('columnheader', { name })).toHaveCount(1);

    const scroller = page.locator('.mantine-TableScrollContainer-scrollContainer .mantine-ScrollArea-viewport', { has: table }).first();
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    const scrollerBox = (await scroller.boundingBox())!;
    for (const name of [/^Revenue/, /^eCPM/, /^CPM/]) {
      const box = (await table.getByRole('columnheader', { name }).boundingBox())!;
      // Inside the window and inside the table's visible part (not behind its sideways scroll).
      expect(box.x).toBeGreaterThanOrEqual(scrollerBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(1280, scrollerBox.x + scrollerBox.width) + 1);
    }
    const revenueTotal = page.getByTestId('report-totals').locator('td[data-column="Revenue"]');
    const totalBox = (await revenueTotal.boundingBox())!;
    expect(totalBox.x + totalBox.width).toBeLessThanOrEqual(1280);
    await expect(revenueTotal).toHaveText(/\d/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('each row is a card titled by its dimension values, with the chosen metrics as label and value', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await page.goto(REPORT);
    const cards = page.getByRole('list', { name: 'Revenue Summary results' });
    const first = cards.getByTestId('report-row-card').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Revenue Summary results' })).toHaveCount(0);
    // Title: the date, then the site, product type and brand.
    await expect(first.locator('p').first()).toHaveText(/^\w{3} \d{1,2}, \d{4} · .+ · .+ · .+$/);
    await expect(first.getByRole('term')).toHaveText(['Impressions', 'Revenue', 'eCPM', 'CPM']);

    const revenue = first.getByRole('term').filter({ hasText: /^Revenue$/ });
    const value = first.getByRole('definition').nth(1);
    await expect(value).toHaveText(/\d/);
    for (const part of [revenue, value]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    const total = cards.getByTestId('report-totals-card');
    await expect(total).toContainText('Total');
    await expect(total.getByRole('definition').nth(1)).toHaveText(/\d/);
    expect(await sidewaysOverflow(page), await pastRightEdge(page)).toBeLessThanOrEqual(0);

    // The table stays one tap away.
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByRole('table', { name: 'Revenue Summary results' })).toBeVisible();
  });

  test('the cards sort by a chosen column through the server, and the table keeps that order', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await page.goto(REPORT);
    const cards = page.getByRole('list', { name: 'Revenue Summary results' });
    await expect(cards.getByTestId('report-row-card').first()).toBeVisible({ timeout: 30_000 });

    // The cards sort as the table's headers do: Revenue, high to low, through the server.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Revenue' });
    await expect(page.getByRole('radio', { name: 'High to low' })).toBeChecked();
    // Each card's Revenue value, read beside its "Revenue" label.
    const revenues = async () =>
      (
        await cards
          .getByTestId('report-row-card')
          .evaluateAll((els) =>
            els.map(
              (el) => [...el.querySelectorAll('dt')].find((dt) => dt.textContent === 'Revenue')?.nextElementSibling?.textContent ?? '',
            ),
          )
      ).map(amountOf);
    await expect
      .poll(async () => {
        const all = await revenues();
        // The first card holds the largest revenue and every card follows in descending order.
        return all.length > 1 && all[0] === Math.max(...all) && all.every((v, i) => i === 0 || v <= all[i - 1]!);
      })
      .toBe(true);
    // Axe on the sort controls only: the whole page with 500 cards takes it most of a test's time,
    // and mobile.spec.ts already checks the card layout.
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="report-card-sort"]')
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The table, one tap away, shows the same order.
    await page.getByText('Table', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Revenue Summary results' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^Revenue/ })).toHaveAttribute('aria-sort', 'descending');
  });
});
