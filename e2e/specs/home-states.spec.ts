import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// Home's offline state. Counts are read as numbers, not exact values:
// other journeys open and resolve incidents in the shared demo database.
// A 5xx on a page data load shows the 500 page by the spec (lib/api.ts apiFetcher), so the card's own
// error state is for the other failures: here the request fails on the network.
test('a home card whose request fails says what to do and its Retry loads it', async ({ page }) => {
  // Sign-in, the first failure and the data layer's own retry (5 or 10 s later) take up to a minute in CI.
  test.slow();
  let fail = true;
  let aborted = 0;
  await page.route('**/api/incidents/summary*', (route) => {
    if (!fail) return route.continue();
    aborted += 1;
    return route.abort('failed');
  });
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const card = page.getByLabel('Incidents summary');
  await expect(card.getByRole('alert', { name: 'Incidents could not be loaded' })).toContainText('Check your connection and retry', {
    timeout: 30_000,
  });
  // The data layer retries a failed read once by itself (lib/swr-options.ts), 5 or 10 s later.
  // Had that retry succeeded, the card would recover without the button and there would be no Retry
  // to press; so the journey lets it fail too before the network comes back.
  await expect.poll(() => aborted, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
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
