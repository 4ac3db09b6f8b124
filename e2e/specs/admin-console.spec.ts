import { expect, test } from '../support/test';
import { latestInvitationLink } from '../support/api';
import { USERS, signInAndChoose } from '../support/demo';

test("an admin creates a partner with two sites and sets a LIMIT flag override for it; the partner's pages obey it", async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/');
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await page.getByRole('button', { name: 'New partner' }).click();
  await page.getByLabel('Partner name').fill('Orbit Media');
  await page.getByLabel('Company').fill('Orbit Media GmbH');
  await page.getByLabel('Currency').fill('EUR');
  await page.getByRole('button', { name: 'Create partner' }).click();
  const sites = page.getByText(/Sites of Orbit Media \(\d+\)/);
  await expect(sites).toBeVisible();
  const publisherId = /\((\d+)\)/.exec((await sites.textContent()) ?? '')![1]!;
  for (const [name, domain] of [
    ['Orbit News', 'news.orbit.example'],
    ['Orbit Sport', 'sport.orbit.example'],
  ] as const) {
    await page.getByLabel('Site name').fill(name);
    // Exact: the console's "Domain claims" tab panel is labelled with the word too.
    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByRole('button', { name: 'Add site' }).click();
    await expect(page.getByRole('cell', { name: domain })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /Orbit Media/ }).getByRole('cell', { name: '2 (2)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Feature flags' }).click();
  await expect(page).toHaveURL(/\/admin-console\/feature-flags$/);
  // The overrides count (the row's fourth cell): on npm start's demo data other partners already
  // have some (Summit's Starter plan), so the journey checks that its own adds one.
  const overridesCell = page
    .getByRole('row', { name: /uptime\.max_monitors/ })
    .getByRole('cell')
    .nth(3);
  await expect(overridesCell).toHaveText(/^\d+$/);
  const overridesBefore = Number(await overridesCell.textContent());
  await page.getByRole('button', { name: 'Overrides of uptime.max_monitors' }).click();
  await page.getByLabel('Partner id').fill(publisherId);
  await page.getByLabel('Value', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Save override' }).click();
  await expect(page.getByText(`Orbit Media (${publisherId}): 3`)).toBeVisible();
  await expect(overridesCell).toHaveText(String(overridesBefore + 1));
  // Each value says where it comes from: this admin's override, and Summit's from its Starter plan (demo data).
  await expect(page.getByText(`Orbit Media (${publisherId}): 3`).locator('..').getByText('Set by an admin')).toBeVisible();
  const summit = page.getByText('Summit Publishing (1004): 3', { exact: true }).locator('..');
  await expect(summit.getByText("From the partner's plan")).toBeVisible();
  await expect(summit.getByRole('button', { name: 'Clear override' })).toHaveCount(0);

  // The partner's own pages obey the override: its uptime page counts against 3 monitors.
  await page.getByRole('button', { name: 'Switch partner' }).click();
  await page.getByPlaceholder('Search by partner name or partner id').fill(publisherId);
  await page.getByRole('option', { name: /Orbit Media/ }).click();
  await page.goto('/uptime-monitoring');
  await expect(page.getByText('0 of 3 monitors on your plan', { exact: false })).toBeVisible();
});

test('a media owner opening /admin-console/ is refused', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.goto('/admin-console/');
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('staff without admin access see the partners read-only, without flags or outbox', async ({ page }) => {
  await signInAndChoose(page, USERS.staff, 'Northwind News');
  await page.goto('/admin-console/');
  await expect(page.getByRole('table', { name: 'Partners' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New partner' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Feature flags' })).toHaveCount(0);
});

test('an admin invites a user; the invitee accepts from the e-mailed link, signs in and lands on that partner', async ({
  page,
  browser,
  appServer,
}) => {
  const email = `newcomer-${Date.now()}@invitee.example`;
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/invitations');
  await page.getByLabel('Invitee e-mail').fill(email);
  await page.getByLabel('Partner ids').fill('1002');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('pending')).toBeVisible();

  // The e-mail as the invitee receives it (the outbox is the delivery record without SMTP).
  const link = await latestInvitationLink(appServer, email);
  const invitee = await browser.newContext();
  const p2 = await invitee.newPage();
  await p2.goto(link);
  await expect(p2.getByText(`Invitation for ${email}`)).toBeVisible();
  await expect(p2.getByText(/Blue Harbor Media/)).toBeVisible();
  await p2.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(p2.getByText('First Name is required!')).toBeVisible();
  await p2.getByLabel('First name').fill('Nora');
  await p2.getByLabel('Last name').fill('Newcomer');
  await p2.getByLabel('Choose a password').fill('a-good-password');
  await p2.getByRole('button', { name: 'Accept invitation' }).click();
  // A one-partner user lands on the home page of that partner. It is this new browser's first full
  // load of the app (a cold cache), which took over 10 s in CI's two workers: the 30 s of firstLoad.
  await expect(p2).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(p2.getByText('Blue Harbor Media').first()).toBeVisible({ timeout: 30_000 });
  // The link works once.
  await p2.goto(link);
  await expect(p2.getByText('This invitation cannot be used')).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) }).getByText('accepted')).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill('newcomer');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('1002');
});

test('an admin disables a user from the users list, and enables them again', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/users');
  await page.getByLabel('Search users').fill(USERS.multi);
  const row = page.getByRole('row', { name: new RegExp(USERS.multi) });
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${USERS.multi}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${USERS.multi}` }).click();
  await page.getByRole('menuitem', { name: 'Enable' }).click();
  await expect(row.getByText('Active')).toBeVisible();

  // Both changes are in the audit log with their before/after.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByLabel('Action (e.g. user, invitation.create)').fill('user.disable');
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('cell', { name: 'user.disable' }).first()).toBeVisible();
  await audit.getByRole('button', { name: 'Details' }).first().click();
  await expect(audit.getByText(/"disabled": true/)).toBeVisible();
});

test('an admin signs in as a partner, sees the viewing-as bar, and exits', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/');
  await page.getByLabel('Search partners').fill('Blue Harbor');
  await page.getByRole('button', { name: 'Sign in as Blue Harbor Media' }).click();
  await page.getByLabel('Reason').fill('support ticket 42');
  await page.getByRole('button', { name: 'Sign in as partner' }).click();
  await expect(page).toHaveURL(/\/$/);
  const bar = page.getByRole('status', { name: 'Viewing as partner' });
  await expect(bar).toContainText('Viewing as Blue Harbor Media (1002)');
  // The partner view has no admin access.
  await page.goto('/admin-console/');
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Exit partner view' }).click();
  // Exit returns to the admin console signed in as the admin (partner-view.spec.ts: other tabs, the token).
  await expect(page).toHaveURL(/\/admin-console\/$/);
  await expect(page.getByRole('status', { name: 'Viewing as partner' })).toHaveCount(0);
});
