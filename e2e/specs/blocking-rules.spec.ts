import { formatMoney, formatPercent } from '@pc/contracts';
import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';
import { recordMpNames } from '../support/page-events';
import { demoAttributeImpact } from '../support/demo-report-totals';

test('a media owner creates a brand rule with an impact preview, finds it and its history, and deletes it', async ({ page }) => {
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocking Rules' }).click();
  await expect(page).toHaveURL(/\/partners\/blocking-rules$/);
  // The demo seed's rules are listed.
  await expect(page.getByRole('link', { name: 'No gambling advertisers' })).toBeVisible();
  await page.getByRole('link', { name: 'Create rule' }).click();
  await expect(page).toHaveURL(/\/partners\/blocking-rules\/create$/);
  // The URL changes before the form's chunk renders; until then 'Name' also matches the list
  // page's "Key name" (the feed keys card), which took the text under load.
  await expect(page.getByRole('heading', { name: 'Create blocking rule' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('No car ads');
  await page.getByLabel('Values').fill('Acme Motors');
  await page.getByRole('button', { name: 'Preview impact' }).click();
  const impact = page.getByLabel('Impact preview');
  await expect(impact.getByText(/Impact over the last 30 days/)).toBeVisible();
  await expect(impact.getByTestId('impact-revenue')).toContainText('%');
  await expect(impact.getByRole('row', { name: /Northwind News/ })).toBeVisible();

  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(page).toHaveURL(/\?rule=/);
  await expect(page.getByRole('heading', { name: 'No car ads' })).toBeVisible();
  await expect(page.getByLabel('Rule history').getByText(`Created by ${USERS.multi}`)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocking Rules' }).click();
  await page.getByLabel('Search').fill('Acme Motors');
  const row = page.getByRole('row', { name: /No car ads/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('All sites');
  await row.getByRole('button', { name: 'Delete No car ads' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByRole('row', { name: /No car ads/ })).toHaveCount(0);

  await expect.poll(() => events).toEqual(expect.arrayContaining(['Blocking Rule View', 'Blocking Rule Create', 'Blocking Rule Delete']));
});

test('a media owner creates a serving-feed key, the ad server reads the rules with it, and revoking it shuts the feed', async ({
  page,
}) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocking Rules' }).click();
  await page.getByLabel('Key name').fill('E2E ad server');
  await page.getByRole('button', { name: 'Create feed key' }).click();
  const secret = (await page.getByTestId('new-feed-key').textContent())!.trim();
  expect(secret).toMatch(/^pcf_/);
  const keys = page.getByRole('table', { name: 'Feed keys' });
  await expect(keys.getByRole('row', { name: /E2E ad server/ })).toContainText('Active');

  const feed = await page.request.get('/api/blocking-rules/feed', { headers: { authorization: `Bearer ${secret}` } });
  expect(feed.status()).toBe(200);
  const body = (await feed.json()) as { publisherId: string; sites: { rules: { name: string }[] }[] };
  expect(body.publisherId).toBe('1001');
  expect(JSON.stringify(body)).toContain('No gambling advertisers');
  const etag = feed.headers()['etag']!;
  const again = await page.request.get('/api/blocking-rules/feed', {
    headers: { authorization: `Bearer ${secret}`, 'if-none-match': etag },
  });
  expect(again.status()).toBe(304);

  await keys.getByRole('button', { name: 'Revoke E2E ad server' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(keys.getByRole('row', { name: /E2E ad server/ })).toContainText('Revoked');
  const refused = await page.request.get('/api/blocking-rules/feed', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});

test('the form names a value the rule already covers (a subdomain of a listed domain) and does not save', async ({ page }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/partners/blocking-rules/create');
  await page.getByLabel('Name').fill('E2E contradiction');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Advertiser domain', exact: true }).click();
  await page.getByLabel('Values').fill('e2e-contradiction.example\nads.e2e-contradiction.example');
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(
    page.getByText('"ads.e2e-contradiction.example" is already blocked by "e2e-contradiction.example"', { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Values')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/partners\/blocking-rules\/create$/);
});

test('the impact preview prices an advertiser-domain rule, subdomains included, and says how much revenue recorded a domain', async ({
  page,
}) => {
  // The preview's 30 full days end yesterday; the demo's Stark Retail serves from shop.starkretail.com.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const expected = await demoAttributeImpact('1001', day(-30), day(-1), 'advertiserDomain', (d) => d.endsWith('.starkretail.com'));
  expect(expected.removed).toBeGreaterThan(0);
  expect(expected.recorded).toBeLessThan(expected.netRevenue);
  // The page's own formatters: money in the publisher's currency, shares with two decimals.
  const money = (n: number) => formatMoney(n, 'USD');
  const pct = (x: number) => formatPercent(x);

  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/partners/blocking-rules/create');
  await expect(page.getByRole('heading', { name: 'Create blocking rule' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Advertiser domain', exact: true }).click();
  await page.getByLabel('Values').fill('https://StarkRetail.com/');
  await page.getByRole('button', { name: 'Preview impact' }).click();
  const impact = page.getByLabel('Impact preview');
  await expect(impact.getByTestId('impact-revenue')).toHaveText(
    `${money(expected.removed)} (${pct(expected.removed / expected.netRevenue)})`,
    { timeout: 45_000 },
  );
  await expect(impact.getByTestId('impact-coverage')).toContainText(
    `${pct(expected.recorded / expected.netRevenue)} of the net revenue on these sites recorded an advertiser domain`,
  );
  await expect(impact.getByRole('columnheader', { name: 'Revenue with an advertiser domain' })).toBeVisible();
  await expect(impact.getByRole('row', { name: /Northwind News/ })).toBeVisible();
});
