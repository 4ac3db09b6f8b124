import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { recordMp, recordMpNames } from '../support/page-events';

test('a media owner finds an open incident, reads its timeline, acknowledges and resolves it with notes', async ({ page }) => {
  const events = recordMpNames(page);
  const bodies = recordMp(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  const publisherId = await page.evaluate(() => localStorage.getItem('pc_publisher_id'));
  expect(publisherId).toMatch(/^\d+$/);
  // Home counts the open incidents and links to them.
  const card = page.getByLabel('Incidents summary');
  await expect(card.getByTestId('home-open-incidents')).toHaveText('1');
  await card.getByRole('link', { name: 'Open incidents' }).click();
  await expect(page).toHaveURL(/\/incidents\?status=open$/);
  await expect(page.getByRole('heading', { name: 'Incidents', exact: true })).toBeVisible();
  const rows = page.getByTestId('incident-row');
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: 'lost 2 required lines' });
  await expect(row).toContainText('Northwind Sport');
  await expect(row).toContainText('Ads.txt');
  await expect(row).toContainText('New');
  // Not entitled: the export control is not offered.
  await expect(page.getByRole('button', { name: /Export vulnerabilities/ })).toHaveCount(0);

  // Clearing the filters shows every incident; the type filter narrows them again.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Vulnerability' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('jQuery 1.8.3');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Keyboard: the timeline toggle is a button reachable and pressed with the keyboard.
  const toggle = page.getByRole('button', { name: /Show timeline of ads.txt of sport/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const timeline = page.getByRole('region', { name: /Timeline of ads.txt of sport/ });
  await expect(timeline.getByText('Occurred', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Hide timeline of ads.txt/ })).toHaveAttribute('aria-expanded', 'true');

  await timeline.getByRole('button', { name: 'Acknowledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge incident' });
  await dialog.getByLabel('Note').fill('Asked the web team to restore the lines');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(timeline.getByText(`Acknowledged by ${USERS.multi}`)).toBeVisible();
  await expect(timeline.getByText('Asked the web team to restore the lines')).toBeVisible();
  const adsRow = rows.filter({ hasText: 'lost 2 required lines' });
  await expect(adsRow.getByTestId('incident-status')).toHaveText('Acknowledged');
  await expect(adsRow).toContainText('Seen');

  await timeline.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve incident' });
  await resolve.getByLabel('Note').fill('Lines are back');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(adsRow.getByTestId('incident-status')).toHaveText('Resolved');
  await expect(timeline.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expect(timeline.getByText('Lines are back')).toBeVisible();

  // Nothing open any more: the open filter shows the filtered empty state.
  await page.goto('/incidents?status=open');
  await expect(page.getByText('No incident matches these filters.')).toBeVisible();

  await expect.poll(() => events).toEqual(expect.arrayContaining(['Incidents View', 'Incidents Expand', 'Incidents Manage']));
  // Each action is tracked once, with what was done to which kind of incident.
  const manage = bodies.filter((b) => b.event === 'Incidents Manage');
  expect(manage.map((m) => m.properties)).toEqual([
    { publisher_id: publisherId, action: 'acknowledge', incident_type: 'adstxt' },
    { publisher_id: publisherId, action: 'resolve', incident_type: 'adstxt' },
  ]);
  for (const m of manage) expect(m.timestamp).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
});

test('an entitled publisher exports its vulnerability incidents as CSV', async ({ page }) => {
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.multi, 'Evergreen Digital');
  await page.goto('/incidents');
  await expect(page.getByTestId('incident-row').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export vulnerabilities (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('vulnerabilities-Evergreen_Living.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Severity');
  expect(csv).toContain('open to SQL injection');
  expect(csv).not.toContain('was down');
  await expect.poll(() => events).toContain('Vulnerability Export');
});
