import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

/**
 * Report days are calendar days whatever the browser's zone. The same custom
 * range opened from UTC-10, UTC and UTC+14 sends the same "YYYY-MM-DD at noon" (UTC noon) and
 * shows exactly the chosen days with the same totals.
 */
const ZONES = ['Pacific/Honolulu', 'UTC', 'Pacific/Kiritimati'] as const;

function utcDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

const FROM = utcDay(-13);
const TO = utcDay(-11);
const noonMs = (day: string) => Date.parse(`${day}T12:00:00Z`);
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const totalsByZone = new Map<string, unknown>();

for (const timezoneId of ZONES) {
  test.describe(`report days in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test(`a custom range shows exactly the chosen days (${timezoneId})`, async ({ page }) => {
      await signInAndChoose(page, USERS.single);
      const answer = page.waitForResponse((r) => {
        if (!r.url().includes('/api/partner-center/report?')) return false;
        const q = new URL(r.url()).searchParams;
        return q.get('dimensions') === 'sites';
      });
      await page.goto(`/partners/inventory-performance/revenue-summary?preset=custom&from=${FROM}&to=${TO}&interval=Day&dims=sites`);
      const res = await answer;
      const q = new URL(res.url()).searchParams;
      // The wire carries UTC noon of the chosen days, not the browser's local noon.
      expect(q.get('dateFrom')).toBe(String(noonMs(FROM)));
      expect(q.get('dateTo')).toBe(String(noonMs(TO)));
      const body = (await res.json()) as { rows: { date?: string }[]; totals: Record<string, number | null> };
      const days = [...new Set(body.rows.map((r) => r.date))].sort();
      expect(days).toEqual([FROM, utcDay(-12), TO]);

      const table = page.getByRole('table', { name: 'Revenue Summary results' });
      await expect(table.getByRole('cell', { name: shortDay(FROM) }).first()).toBeVisible();
      await expect(table.getByRole('cell', { name: shortDay(TO) }).first()).toBeVisible();
      await expect(table.getByRole('cell', { name: shortDay(utcDay(-14)) })).toHaveCount(0);
      await expect(table.getByRole('cell', { name: shortDay(utcDay(-10)) })).toHaveCount(0);

      await expect(page.getByTestId('report-time-zone')).toHaveText('Days in UTC');

      // Same totals in every zone (the zones run in order in one worker).
      totalsByZone.set(timezoneId, body.totals);
      for (const other of totalsByZone.values()) expect(body.totals).toEqual(other);
    });
  });
}
