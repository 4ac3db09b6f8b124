import { expect, test, type Page } from '../support/test';
import { Routes } from '@pc/contracts';
import { USERS, signInAndChoose } from '../support/demo';
import { recordMp, SPEC_TIMESTAMP, type MpEvent } from '../support/page-events';

// The rest of spec section 7: Data Source Request, Data Integration Cancel and
// Blocking Rule Edit arrive at /mp when they happen, with their properties and the spec's timestamp
// format. Each journey makes and undoes its own data (its own integration, cancelled; its own rule,
// deleted), named so no other journey's locators can match it.

const named = (events: MpEvent[], name: string) => events.filter((e) => e.event === name);

async function chosenPublisher(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('pc_publisher_id'));
  expect(id).toMatch(/^\d+$/);
  return id!;
}

test('a data source request is tracked with its service and data source', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.single);
  const publisherId = await chosenPublisher(page);

  await page.goto(Routes.service('data-integration'));
  expect(named(events, 'Data Source Request')).toEqual([]);
  await page.getByRole('button', { name: 'Request a data source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a data source' });
  await dialog.getByLabel('Data source').fill('E2E Tracked Source CMS');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Request sent')).toBeVisible();
  await expect
    .poll(() => named(events, 'Data Source Request').map((e) => e.properties))
    .toEqual([{ publisher_id: publisherId, service_id: 'data-integration', data_source: 'E2E Tracked Source CMS' }]);
  expect(named(events, 'Data Source Request')[0]!.timestamp).toMatch(SPEC_TIMESTAMP);
});

test('a cancelled data integration is tracked with its site and integration', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.single);
  const publisherId = await chosenPublisher(page);

  // The publisher's own integration, started and then cancelled: Cancel names the site and the integration.
  await page.goto(Routes.serviceActivation('data-integration'));
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Blue Harbor' }).click();
  await page.getByLabel('Data source').fill('E2E Tracked Warehouse');
  await page.getByLabel('Contact name').fill('Jonas Keller');
  await page.getByLabel('Contact e-mail').fill('data@blueharbor.example');
  await page.getByRole('button', { name: 'Request the integration' }).click();
  const row = page.getByRole('table', { name: 'Data integrations' }).getByRole('row', { name: /E2E Tracked Warehouse/ });
  await expect(row).toContainText('Waiting for our team');
  await expect.poll(() => named(events, 'Data Integration Initiate').length).toBe(1);

  expect(named(events, 'Data Integration Cancel')).toEqual([]);
  await row.getByRole('button', { name: 'Cancel request' }).click();
  await page.getByRole('dialog', { name: 'Cancel this data integration?' }).getByRole('button', { name: 'Cancel integration' }).click();
  await expect(page.getByText('Data integration cancelled.')).toBeVisible();
  await expect.poll(() => named(events, 'Data Integration Cancel').length).toBe(1);
  const cancel = named(events, 'Data Integration Cancel')[0]!;
  expect(cancel.properties).toEqual({ publisher_id: publisherId, site_id: '5101', integration_id: expect.any(String) });
  expect(cancel.timestamp).toMatch(SPEC_TIMESTAMP);
});

test('editing a blocking rule, and pausing and resuming it, are tracked as Blocking Rule Edit with their properties', async ({ page }) => {
  const events = recordMp(page);
  await signInAndChoose(page, USERS.multi, 'Evergreen Digital');
  const publisherId = await chosenPublisher(page);
  const edits = () => named(events, 'Blocking Rule Edit');

  await page.goto(Routes.blockingRulesCreate);
  await page.getByLabel('Name').fill('E2E tracked rule');
  await page.getByLabel('Values').fill('Tracked Motors E2E');
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByRole('heading', { name: 'E2E tracked rule' })).toBeVisible();
  expect(edits()).toEqual([]);

  // A saved change to the rule: the event names the rule's type.
  await page.getByLabel('Name').fill('E2E tracked rule, edited');
  await page.getByRole('button', { name: 'Save rule' }).click();
  // A large impact asks first; this rule's made-up brand has none, but the question is answered if asked.
  const saved = page.getByText('The rule was saved.');
  const anyway = page.getByRole('button', { name: 'Save anyway' });
  await expect(saved.or(anyway)).toBeVisible({ timeout: 20_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(saved).toBeVisible();
  await expect(page.getByRole('heading', { name: 'E2E tracked rule, edited' })).toBeVisible();
  await expect.poll(() => edits().map((e) => e.properties)).toEqual([{ publisher_id: publisherId, rule_type: 'brand' }]);

  // Pausing and resuming are edits too, each with what was done.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect
    .poll(() => edits().map((e) => e.properties))
    .toEqual([
      { publisher_id: publisherId, rule_type: 'brand' },
      { publisher_id: publisherId, action: 'pause' },
      { publisher_id: publisherId, action: 'resume' },
    ]);
  for (const e of edits()) expect(e.timestamp).toMatch(SPEC_TIMESTAMP);

  // Leave the demo as it was.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete rule' }).click();
  await expect(page).toHaveURL(new RegExp(`${Routes.blockingRules}$`));
});
