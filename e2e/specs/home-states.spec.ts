import { expect, test } from '@playwright/test';
import { USERS, signInAndChoose } from '../support/demo';

// Home's offline state (issue 18 item 9). Counts are read as numbers, not exact values:
// other journeys open and resolve incidents in the shared demo database.
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
