import { expect, test, type Page } from '../support/test';
import { DEMO_PASSWORD, USERS, signInAndChoose } from '../support/demo';

// Evergreen Digital (1003): only this journey sets an override of uptime.monitoring, and the
// finally-block clears it so other journeys on the shared demo database see the default (on).
const PUBLISHER = '1003';

async function setUptimeOverride(page: Page, value: 'true' | 'false') {
  await page.goto('/admin-console/feature-flags');
  await page.getByRole('button', { name: 'Overrides of uptime.monitoring', exact: true }).click();
  await page.getByLabel('Partner id').fill(PUBLISHER);
  await page.getByLabel('Value (true or false)').fill(value);
  await page.getByRole('button', { name: 'Save override' }).click();
  await expect(page.getByText(`Evergreen Digital (${PUBLISHER}): ${value}`, { exact: true })).toBeVisible();
}

async function openAreaMenu(page: Page) {
  const group = page.getByRole('button', { name: 'Services & Site Health', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  // Any child proves the submenu is open (Integrations is never gated).
  await expect(page.getByRole('navigation').getByRole('link', { name: /^Integrations/ })).toBeVisible();
}

test('staff turn uptime monitoring off for a publisher: its menu entry, home card, pages and API go; on again they are back', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, four sign-ins and two reloads on a shared, loaded machine.
  test.setTimeout(180_000);
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    await signInAndChoose(owner, USERS.multi, 'Evergreen Digital');
    await expect(owner.getByText('Uptime monitors', { exact: true })).toBeVisible();
    await openAreaMenu(owner);
    await expect(owner.getByRole('navigation').getByRole('link', { name: /^Uptime Monitoring/ })).toBeVisible();

    await setUptimeOverride(page, 'false');

    await owner.reload();
    await expect(owner.getByRole('heading', { name: 'Evergreen Digital', level: 1 })).toBeVisible();
    await expect(owner.getByRole('heading', { name: 'Everything in your portal' })).toBeVisible();
    await expect(owner.getByText('Uptime monitors', { exact: true })).toHaveCount(0);
    await openAreaMenu(owner);
    await expect(owner.getByRole('navigation').getByRole('link', { name: /^Uptime Monitoring/ })).toHaveCount(0);
    await expect(owner.getByRole('link', { name: /^Uptime Monitoring/ })).toHaveCount(0);
    // A deep link says why instead of showing a broken page.
    await owner.goto('/uptime-monitoring/new');
    await expect(owner.getByRole('heading', { name: 'Uptime monitoring is not enabled for this partner' })).toBeVisible();

    await setUptimeOverride(page, 'true');

    await owner.goto('/uptime-monitoring');
    await expect(owner.getByRole('heading', { name: 'Uptime Monitoring', level: 1 })).toBeVisible();
    await openAreaMenu(owner);
    await expect(owner.getByRole('navigation').getByRole('link', { name: /^Uptime Monitoring/ })).toBeVisible();
  } finally {
    await ownerContext.close();
    const signIn = await request.post('/api/identity/sign-in', { data: { email: USERS.admin, password: DEMO_PASSWORD } });
    const { idToken } = (await signIn.json()) as { idToken: string };
    await request.delete(`/api/admin/feature-flags/uptime.monitoring/overrides/${PUBLISHER}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
  }
});
