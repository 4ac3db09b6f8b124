import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { demoRevenueTotals } from '../support/demo-report-totals';

/** RFC 4180 fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * A revenue report file with a comparison (the page always sends its own): the header first, then
 * the rows and the Total row, a blank line, and the "What changed" sentence last.
 */
function revenueFile(text: string): { header: string[]; total: string[]; note: string } {
  const lines = text.trimEnd().split('\r\n');
  expect(lines.at(-2)).toBe('');
  return { header: csvFields(lines[0]!), total: csvFields(lines.at(-3)!), note: csvFields(lines.at(-1)!)[0]! };
}

/**
 * The file's column for a table column: money columns name the publisher's currency in the file
 * ("Revenue (EUR)"), as the page shows it by its symbol; other columns carry the table's label.
 */
function columnOf(header: string[], label: string, currency: string): number {
  const at = header.findIndex((h) => h === label || h === `${label} (${currency})`);
  expect(at, label).toBeGreaterThanOrEqual(0);
  return at;
}

/** The table's totals row: column label -> raw total (data-value) and the text shown. */
async function tableTotals(page: Page): Promise<{ label: string; value: number; text: string }[]> {
  const cells = page.getByTestId('report-totals').locator('td[data-value]');
  const n = await cells.count();
  const out: { label: string; value: number; text: string }[] = [];
  for (let i = 0; i < n; i++) {
    const cell = cells.nth(i);
    const label = (await cell.getAttribute('data-column')) ?? '';
    const value = Number(await cell.getAttribute('data-value'));
    // The first line of the cell is the figure; a second line is the change against last period.
    const text = (await cell.innerText()).split('\n')[0]!.trim();
    out.push({ label, value, text });
  }
  return out;
}

test.describe('revenue report', () => {
  test('a media owner runs, reshapes, exports and downloads a report whose totals match the table', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Reports', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Revenue Summary', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Revenue Summary results' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^Date/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^Site/ })).toBeVisible();

    // Interval: by month. Dimensions: add product type.
    const builder = page.getByRole('region', { name: 'Report builder' });
    await builder.getByText('Month', { exact: true }).click();
    await expect(table.getByRole('columnheader', { name: /^Month/ })).toBeVisible();
    await builder.getByText('Product Type', { exact: true }).click();
    await expect(table.getByRole('columnheader', { name: /^Product Type/ })).toBeVisible();
    await expect(page).toHaveURL(/interval=Month/);
    await expect(page).toHaveURL(/dims=sites%2Cproduct_type|dims=sites,product_type/);
    await expect(page.getByTestId('report-totals')).toContainText('Total');
    const totals = await tableTotals(page);
    expect(totals.map((t) => t.label)).toEqual(['Impressions', 'Revenue', 'eCPM', 'CPM']);
    expect(totals.every((t) => Number.isFinite(t.value) && t.value > 0)).toBe(true);
    // Blue Harbor reports in EUR: money with a euro sign, comma thousands and a decimal point.
    expect(totals.find((t) => t.label === 'Revenue')!.text).toMatch(/^€[\d,]+\.\d{2}$/);
    expect(totals.find((t) => t.label === 'Impressions')!.text).toMatch(/^\d{1,3}(,\d{3})*$/);

    const changeSentence = page.getByRole('region', { name: 'What changed' }).getByTestId('revenue-change-sentence');
    await expect(changeSentence).toHaveText(/^Revenue/, { timeout: 30_000 });
    const sentence = (await changeSentence.innerText()).trim();

    // A report of a few thousand rows or fewer downloads at once, without a job.
    await page.getByRole('button', { name: 'Export to file' }).click();
    const [direct] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV (.csv)' }).click()]);
    await expect(page.getByText('Your report was downloaded.')).toBeVisible();
    expect(direct.suggestedFilename()).toMatch(/^revenue-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const directFile = revenueFile(await readFile((await direct.path())!, 'utf8'));
    const directHeader = directFile.header;
    const directTotal = directFile.total;
    expect(directHeader.slice(0, 3)).toEqual(['Month', 'Site', 'Product Type']);
    expect(directTotal[0]).toBe('Total');
    // Blue Harbor's money columns say EUR in the file; the other columns carry no currency.
    expect(directHeader).toEqual(expect.arrayContaining(['Impressions', 'Revenue (EUR)', 'eCPM (EUR)', 'CPM (EUR)']));
    for (const t of totals) expect(Number(directTotal[columnOf(directHeader, t.label, 'EUR')]), t.label).toBeCloseTo(t.value, 4);
    // The file explains the change as the page's "What changed" panel does, in the same words.
    expect(directFile.note).toMatch(/^What changed against \w{3} \d+, \d{4} to \w{3} \d+, \d{4}: Revenue/);
    expect(directFile.note.endsWith(`: ${sentence}`)).toBe(true);

    // When the server finds the report too large to send at once (413), a background job makes it.
    await page.route('**/api/partner-center/report/download?**', (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ message: 'Too large', name: 'TooLarge' }) }),
    );
    await page.getByRole('button', { name: 'Export to file' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    await expect(page.getByText("Your report is being prepared. We'll show a banner when it's ready to download.")).toBeVisible();

    // Elsewhere in the portal, the shell's polling raises the banner once the file is ready.
    await page.goto('/profile-settings');
    const banner = page.getByText('Your Revenue Summary report is available for download.');
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'GO TO YOUR REPORTS' }).click();
    await expect(page).toHaveURL(/\/revenue-summary\?tab=tab_1/);
    await expect(banner).toHaveCount(0);

    const row = page.getByTestId('export-row').first();
    await expect(row).toHaveAttribute('data-status', 'done');
    await expect(row.getByText('New')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^revenue-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = revenueFile(await readFile((await download.path())!, 'utf8'));
    const header = file.header;
    const totalRow = file.total;
    expect(file.note).toBe(directFile.note);
    expect(header.slice(0, 3)).toEqual(['Month', 'Site', 'Product Type']);
    expect(totalRow[0]).toBe('Total');
    for (const t of totals) {
      const csvValue = Number(totalRow[columnOf(header, t.label, 'EUR')]);
      expect(csvValue, t.label).toBeCloseTo(t.value, 4);
    }
    // Downloading marks the report as seen.
    await expect(row.getByText('New')).toHaveCount(0);
  });
});

test.describe('half-picked range', () => {
  test('export and e-mail wait while a custom range has only its first day', async ({ page }) => {
    // A day two weeks back, opened as a custom range so the picker shows its month.
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - 14);
    const day = d.toISOString().slice(0, 10);
    const to = new Date(d.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const label = (iso: string) =>
      new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    await signInAndChoose(page, USERS.single);
    await page.goto(`/partners/inventory-performance/revenue-summary?preset=custom&from=${day}&to=${to}&interval=Day&dims=sites`);
    const table = page.getByRole('table', { name: 'Revenue Summary results' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();
    const exportButton = page.getByRole('button', { name: 'Export to file' });
    const emailButton = page.getByRole('button', { name: 'Email report' });
    await expect(exportButton).toBeEnabled();
    await expect(emailButton).toBeEnabled();

    // The first day only: both would send the previous range, so both are disabled.
    await page.getByRole('button', { name: 'Custom date range' }).click();
    // The day in its own month's grid (a neighbouring month's grid may show it greyed out too).
    const dayButton = page.getByRole('button', { name: label(day), exact: true }).and(page.locator(':not([data-outside])'));
    await dayButton.click();
    await expect(exportButton).toBeDisabled();
    await expect(emailButton).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${to}`));

    // The second day (the same one: a one-day range) completes it: enabled, for the new range.
    await dayButton.click();
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    await expect(exportButton).toBeEnabled();
    await expect(emailButton).toBeEnabled();
  });
});

test.describe('revenue report figures', () => {
  test('the totals are exactly what the demo generator produced for the publisher and dates', async ({ page }) => {
    // Last calendar month: wholly inside the 13 demo months and final on any day it runs.
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
    await signInAndChoose(page, USERS.single);
    await page.goto(`/partners/inventory-performance/revenue-summary?preset=custom&from=${from}&to=${to}&interval=Cumulative`);
    // The first report after start-up waits for the demo facts to be generated.
    await expect(page.getByTestId('report-totals')).toContainText('Total', { timeout: 45_000 });

    const shown = Object.fromEntries((await tableTotals(page)).map((t) => [t.label, t.value]));
    // The single-partner demo user is Blue Harbor, publisher 1002 (apps/server/src/demo/demo-data.ts).
    const expected = await demoRevenueTotals('1002', from, to);
    expect(expected.impressions).toBeGreaterThan(1_000_000);
    expect(shown['Impressions']).toBe(expected.impressions);
    expect(shown['Revenue']).toBeCloseTo(expected.revenue, 2);
    expect(shown['eCPM']).toBeCloseTo((expected.revenue * 1000) / expected.impRequests, 4);
    expect(shown['CPM']).toBeCloseTo((expected.revenue * 1000) / expected.impressions, 4);
  });
});

test.describe('recirculation report', () => {
  test('a publisher with an organic site sees the Recirculation Summary', async ({ page }) => {
    await signInAndChoose(page, USERS.multi, 'Northwind News');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Reports' }).click();
    await nav.getByRole('link', { name: 'Recirculation Summary' }).click();
    await expect(page.getByRole('heading', { name: 'Recirculation Summary', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Recirculation Summary results' });
    await expect(table.getByRole('columnheader', { name: /^Organic Page Views/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^Organic CTR/ })).toBeVisible();
    await expect(page.getByTestId('report-totals')).toContainText('%');
  });

  test('a publisher without organic sites has no Recirculation Summary', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Recirculation Summary' })).toHaveCount(0);
    // Reached by address anyway, the page explains why there is nothing to show.
    await page.goto('/partners/inventory-performance/recirculation-summary');
    await expect(page.getByText('Recirculation needs organic recommendations')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
