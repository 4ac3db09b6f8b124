import { expect, test, type Page, type Request } from '@playwright/test';
import { USERS, signInAndChoose } from '../support/demo';

// Issue 12 item 4: the incidents page's events arrive at /mp at the moment they happen, with their
// properties and the spec's timestamp format (dd/MM/yyyy, HH:mm:ss); the names alone are checked in
// incidents.spec.ts. Nothing here changes data, so the journeys after it see the demo as seeded.

interface MpEvent {
  event: string;
  timestamp: string;
  properties?: Record<string, unknown>;
}

function recordMp(page: Page): MpEvent[] {
  const events: MpEvent[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/mp') events.push(req.postDataJSON() as MpEvent);
  });
  return events;
}

const SPEC_TIMESTAMP = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/;
const find = (events: MpEvent[], name: string) => events.find((e) => e.event === name);

test('incidents view, expand and vulnerability export are tracked with their properties', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.multi, 'Evergreen Digital');
  const publisherId = await page.evaluate(() => localStorage.getItem('pc_publisher_id'));
  expect(publisherId).toMatch(/^\d+$/);

  await page.goto('/incidents');
  const row = page.getByTestId('incident-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => find(events, 'Incidents View')?.properties).toMatchObject({ publisher_id: publisherId });
  expect(find(events, 'Incidents View')!.timestamp).toMatch(SPEC_TIMESTAMP);

  // Expanding a timeline is tracked once, when it opens, with the incident's type and status.
  expect(find(events, 'Incidents Expand')).toBeUndefined();
  await row.getByRole('button', { name: /Show timeline/ }).click();
  await expect.poll(() => find(events, 'Incidents Expand')?.properties).toMatchObject({ publisher_id: publisherId });
  const expand = find(events, 'Incidents Expand')!;
  expect(expand.properties?.incident_type).toEqual(expect.any(String));
  expect(expand.properties?.status).toEqual(expect.any(String));
  expect(expand.timestamp).toMatch(SPEC_TIMESTAMP);

  // The export of the entitled site's vulnerabilities: the event names the site.
  expect(find(events, 'Vulnerability Export')).toBeUndefined();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export vulnerabilities (CSV)' }).click();
  await download;
  await expect.poll(() => find(events, 'Vulnerability Export')?.properties).toMatchObject({ publisher_id: publisherId, site_id: '5201' });
  expect(find(events, 'Vulnerability Export')!.timestamp).toMatch(SPEC_TIMESTAMP);
});
