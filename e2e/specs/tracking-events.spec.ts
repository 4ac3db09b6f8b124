import { expect, test } from '../support/test';
import { Routes } from '@pc/contracts';
import { USERS, signInAndChoose } from '../support/demo';
import { recordMp, SPEC_TIMESTAMP, type MpEvent } from '../support/page-events';

// The events of the shell (Partners Center, Page View), the revenue report, the
// profile and the incidents page arrive at /mp at the moment they happen, with their properties
// and the spec's timestamp format (dd/MM/yyyy, HH:mm:ss); incidents.spec.ts checks Incidents
// Manage. Nothing here changes data for good (the profile name is saved back), so the journeys
// after it see the demo as seeded.

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

test('partners center, page view, ad revenue view and the profile events are tracked with their properties', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const publisherId = await page.evaluate(() => localStorage.getItem('pc_publisher_id'));
  expect(publisherId).toMatch(/^\d+$/);
  // Choosing the partner is the Partners Center event, with the chosen partner.
  await expect.poll(() => find(events, 'Partners Center')?.properties).toEqual({ publisherId });
  expect(find(events, 'Partners Center')!.timestamp).toMatch(SPEC_TIMESTAMP);

  // Every route change is a Page View of that screen, with the partner in view.
  await page.goto(Routes.revenueSummary);
  const pageViews = () => events.filter((e) => e.event === 'Page View').map((e) => e.properties);
  await expect.poll(pageViews).toContainEqual({ page: Routes.revenueSummary, publisher_id: publisherId });
  // The revenue report is the Ad Revenue View.
  await expect.poll(() => find(events, 'Ad Revenue View')?.properties).toEqual({ publisherId });
  expect(find(events, 'Ad Revenue View')!.timestamp).toMatch(SPEC_TIMESTAMP);

  // Profile Started on the first edit (once), Profile Completed on each save. The name is saved
  // back as it was, so the profile ends as seeded for the journeys after this one.
  await page.goto(Routes.profileSettings);
  await expect.poll(pageViews).toContainEqual({ page: Routes.profileSettings, publisher_id: publisherId });
  const form = page.getByRole('form', { name: 'Personal information' });
  const firstName = form.getByLabel('First Name');
  await expect(firstName).not.toHaveValue('');
  const name = await firstName.inputValue();
  expect(find(events, 'Profile Started')).toBeUndefined();
  await firstName.fill(`${name}x`);
  await expect.poll(() => events.filter((e) => e.event === 'Profile Started').length).toBe(1);
  expect(find(events, 'Profile Completed')).toBeUndefined();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect.poll(() => find(events, 'Profile Completed')?.timestamp).toMatch(SPEC_TIMESTAMP);
  await firstName.fill(name);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(() => events.filter((e) => e.event === 'Profile Completed').length).toBe(2);
  await expect(firstName).toHaveValue(name);
  expect(events.filter((e) => e.event === 'Profile Started')).toHaveLength(1);
});
