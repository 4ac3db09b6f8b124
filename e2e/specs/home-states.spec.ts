import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// Home's offline state. Counts are read as numbers, not exact values:
// other journeys open and resolve incidents in the shared demo database.
// A 5xx on a page data load shows the 500 page by the spec (lib/api.ts apiFetcher), so the card's own
// error state is for the other failures: here the request fails on the network.
test('a home card whose request fails says what to do and its Retry loads it', async ({ page }) => {
  // Sign-in, the failures and the wait for the data layer to give up take over a minute in CI.
  test.slow();
  let fail = true;
  let lastAbortAt = Date.now();
  await page.route('**/api/incidents/summary*', (route) => {
    if (!fail) return route.continue();
    lastAbortAt = Date.now();
    return route.abort('failed');
  });
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const card = page.getByLabel('Incidents summary');
  await expect(card.getByRole('alert', { name: 'Incidents could not be loaded' })).toContainText('Check your connection and retry', {
    timeout: 30_000,
  });
  // The data layer retries a failed read once by itself (lib/swr-options.ts), 5 or 10 s later, and
  // the card may have asked more than once while the partner was being chosen. Had one of those
  // retries succeeded, the card would recover without the button and there would be no Retry to
  // press; so the network comes back only once no read has been tried for 12 s (the data layer has
  // given up), and the read that then succeeds can only be the button's.
  await expect.poll(() => Date.now() - lastAbortAt, { timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(12_000);
  fail = false;
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByTestId('home-open-incidents')).toHaveText(/^\d+$/);
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test('offline, home says its figures may be stale and refreshes them when back online', async ({ page, context }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const card = page.getByLabel('Incidents summary');
  await expect(card.getByTestId('home-open-incidents')).toHaveText(/^\d+$/);
  const banner = page.getByTestId('home-offline-banner');
  await expect(banner).toHaveCount(0);

  const reloaded = page.waitForRequest((r) => r.url().includes('/api/incidents/summary'));
  await context.setOffline(true);
  await expect(banner).toContainText('may be stale');
  await expect(card.getByTestId('home-open-incidents')).toHaveText(/^\d+$/);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await reloaded;
  await expect(card.getByTestId('home-open-incidents')).toHaveText(/^\d+$/);
});
