import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO_PASSWORD, USERS, signInAndChoose } from '../support/demo';
import { recordMpNames } from '../support/page-events';

// The demo seed gives northwind-news.example (publisher 1001, domain d5001) a crawled file that
// lacks three of the four required lines.
const DOMAIN = 'northwind-news.example';
const MISSING = [
  'appnexus.com, 11001, RESELLER, f5ab79cb980f11d1',
  'appnexus.com, 21001, DIRECT, f5ab79cb980f11d1',
  'exchange.partners-center.example, 11001, RESELLER',
];

/** Toasts are the shell's; close them so the accessibility check looks at this page's own content. */
async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
}

/** A session's headers for the API, to set up what a journey starts from (each journey stands alone). */
async function apiHeaders(request: APIRequestContext, email: string, publisher: string) {
  const signIn = await request.post('/api/identity/sign-in', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await signIn.json()) as { idToken: string }).idToken}`, 'publisher-scope': publisher };
}

/** Hosting on (idempotent: the service keeps the first revision and the switch as they are). */
async function hostVia(request: APIRequestContext, email: string, publisher: string, domainId: string) {
  const headers = await apiHeaders(request, email, publisher);
  expect((await request.post(`/api/adstxt/domains/${domainId}/hosting`, { headers })).ok()).toBe(true);
}

test('a media owner finds the missing lines and takes them by download and clipboard', async ({ page }) => {
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ads.txt Management' }).click();
  await expect(page).toHaveURL(/\/partners\/adstxt$/);
  await expect(page.getByRole('heading', { name: 'Ads.txt Management' })).toBeVisible();

  const row = page
    .getByRole('row')
    .filter({ hasText: DOMAIN })
    .filter({ hasNotText: `sport.${DOMAIN}` });
  await expect(row.getByText('Missing lines (3)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: `Open ${DOMAIN} (Missing lines (3))` }).click();
  await expect(page).toHaveURL(/domain=d5001/);
  await expect(page.getByRole('heading', { name: DOMAIN })).toBeVisible();

  // Missing lines: shown, and downloaded through the API client (authorized request).
  await expect(page.getByLabel('Missing lines')).toHaveText(MISSING.join('\n'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download missing lines' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${DOMAIN}-missing-ads-txt-lines.txt`);
  const downloaded = await readFile((await download.path())!, 'utf8');
  expect(downloaded.split('\n').filter(Boolean)).toEqual(MISSING);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy missing lines' }).click();
  await expect(page.getByText('3 missing lines copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${MISSING.join('\n')}\n`);

  await expect.poll(() => events).toEqual(expect.arrayContaining(['Ads.txt View', 'Ads.txt Missing Lines', 'Ads.txt Download']));
});

test('a media owner activates hosting and the guides carry the hosted URL', async ({ page }) => {
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/partners/adstxt?domain=d5001');
  await expect(page.getByRole('heading', { name: DOMAIN })).toBeVisible();

  await page.getByRole('tab', { name: 'Hosting & redirection' }).click();
  await page.getByRole('button', { name: 'Activate hosted ads.txt' }).click();
  await expect(page.getByText(`Hosted ads.txt is on for ${DOMAIN}`)).toBeVisible();
  const hostedUrl = (await page.getByTestId('hosted-url').textContent())!;
  expect(hostedUrl).toMatch(new RegExp(`/hosted/ads-txt/${DOMAIN.replace('.', '\\.')}/ads\\.txt$`));
  await expect(page.getByTestId('guide-apache')).toContainText(`Redirect 301 /ads.txt ${hostedUrl}`);
  await page.getByRole('tab', { name: 'Nginx' }).click();
  await expect(page.getByTestId('guide-nginx')).toContainText(`location = /ads.txt { return 301 ${hostedUrl}; }`);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  const hosted = await page.request.get(new URL(hostedUrl).pathname);
  expect(hosted.status()).toBe(200);
  expect(hosted.headers()['content-type']).toContain('text/plain');
  for (const line of MISSING) expect(await hosted.text()).toContain(line);

  await expect.poll(() => events).toEqual(expect.arrayContaining(['Ads.txt Activate', 'Ads.txt Guide', 'Ads.txt Redirection Steps']));
});

test('a media owner edits the hosted file, sees history and the diff, and downloads a revision', async ({ page, request }) => {
  // Blue Harbor (publisher 1002) with hosting on; a line no earlier run has added, so a retry saves +1 too.
  await hostVia(request, USERS.single, '1002', 'd5101');
  const newLine = `pubmatic.com, ${Date.now() % 1_000_000_000}, RESELLER, 5d62403b186f2ace`;
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.single);
  await page.goto('/partners/adstxt?domain=d5101');
  await expect(page.getByRole('heading', { name: 'blueharbor.example' })).toBeVisible();

  // Editor: an error blocks Save; the fixed file saves as the next revision.
  await page.getByRole('tab', { name: 'Editor' }).click();
  const editor = page.getByLabel('ads.txt for blueharbor.example');
  const original = (await editor.inputValue()).trimEnd();
  expect(original).toContain('google.com, pub-7723000000000001, DIRECT');
  const lines = original.split('\n').length;
  const save = page.getByRole('button', { name: 'Save revision' });
  // A bad relationship (error), then a repeat of the file's second line (warning).
  await editor.fill(`${original}\npubmatic.com, 156078, SOMETIMES\n${original.split('\n')[1]}\n`);
  await expect(page.getByTestId('editor-problems')).toContainText(`Error line ${lines + 1}:`);
  await expect(page.getByTestId('editor-problems')).toContainText(`Warning line ${lines + 2}:`);
  await expect(page.getByText('1 error, 1 warning. Fix the errors to save.')).toBeVisible();
  await expect(save).toBeDisabled();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await editor.fill(`${original}\n${newLine}\n`);
  await expect(page.getByText('No problems found.')).toBeVisible();
  await save.click();
  const savedText = page.getByText(/Saved revision \d+ \(\+1 −0\)/);
  await expect(savedText).toBeVisible();
  const rev = Number(/Saved revision (\d+)/.exec((await savedText.textContent())!)![1]);

  // History and the diff against the previous revision.
  await page.getByRole('tab', { name: 'History' }).click();
  const latest = page.getByTestId(`revision-${rev}`);
  await expect(latest).toContainText(USERS.single);
  await expect(latest).toContainText('+1');
  await expect(page.getByTestId(`revision-${rev - 1}`)).toBeVisible();
  await page.getByRole('button', { name: `Compare revision ${rev} with revision ${rev - 1}` }).click();
  await expect(page).toHaveURL(new RegExp(`view=diff&from=${rev - 1}&to=${rev}`));
  await expect(page.getByText('1 line added, 0 removed.')).toBeVisible();
  const added = page.locator('[data-change="added"]');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(newLine);
  await expect(page.locator('[data-change="removed"]')).toHaveCount(0);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);

  // Revision download goes through the API client too.
  await page.getByRole('button', { name: 'Back to history' }).click();
  const [revFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download revision ${rev}` }).click(),
  ]);
  expect(await readFile((await revFile.path())!, 'utf8')).toContain(newLine);

  await expect
    .poll(() => events)
    .toEqual(expect.arrayContaining(['Ads.txt Save', 'Ads.txt History', 'Ads.txt Differences', 'Ads.txt Revision Download']));
});

test('verify with hosting on reports the read failure and the broken redirection in words', async ({ page, request }) => {
  // Northwind Sport: no other journey reads it. Demo domains do not resolve, so the read fails: the
  // toast says so in words (no all-clear, no raw error code) and the redirection is broken with its
  // reason.
  const SPORT = `sport.${DOMAIN}`;
  await hostVia(request, USERS.multi, '1001', 'd5002');
  const events = recordMpNames(page);
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  await page.goto('/partners/adstxt?domain=d5002');
  await expect(page.getByRole('heading', { name: SPORT })).toBeVisible();
  await page.getByRole('button', { name: 'Verify now' }).click();
  const esc = SPORT.replaceAll('.', '\\.');
  await expect(
    page.getByText(new RegExp(`Checked ${esc}: the file could not be read\\. The name ${esc} does not resolve.*Redirection broken: `)),
  ).toBeVisible();
  await expect(page.getByText(/ENOTFOUND|EAI_AGAIN/)).toHaveCount(0);
  await expect.poll(() => events).toEqual(expect.arrayContaining(['Ads.txt Verify']));
});

test('another publisher cannot open this domain', async ({ page }) => {
  await signInAndChoose(page, USERS.single);
  await page.goto('/partners/adstxt?domain=d5001');
  await expect(page.getByRole('alert').filter({ hasText: 'This domain could not be loaded' })).toBeVisible();
  await page.getByRole('link', { name: '← All domains' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'blueharbor.example' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: DOMAIN })).toHaveCount(0);
});

test('a media owner sees a sellers.json mismatch explained on its record', async ({ page }) => {
  // The demo's recorded sellers.json of google.com lists blueharbor.example's DIRECT seller as an intermediary.
  await signInAndChoose(page, USERS.single);
  await page.goto('/partners/adstxt');
  const row = page.getByRole('row').filter({ hasText: 'blueharbor.example' });
  await expect(row.getByText('1 record contradicted by sellers.json')).toBeVisible();
  await row.getByRole('link', { name: /^Open blueharbor\.example/ }).click();
  const findings = page.getByRole('list', { name: 'sellers.json findings' });
  await expect(findings).toContainText(
    "Line 4: This line says DIRECT, but google.com's sellers.json lists the seller as INTERMEDIARY. A DIRECT line must be your own account (PUBLISHER)",
  );
  await expect(findings).toContainText('Line 4: This DIRECT seller belongs to adnetwork-partner.example');
  // The crawler's-eye view: the hop, the rule it meets, the type and how long crawlers may cache it.
  const hops = page.getByRole('table', { name: 'Redirect chain' });
  await expect(hops).toContainText('https://blueharbor.example/ads.txt');
  await expect(hops).toContainText('Start');
  await expect(hops).toContainText('text/plain; charset=utf-8');
  await expect(page.getByText(/Crawlers may keep their copy for up to 24 hours \(Cache-Control\)/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a failed verify shows the failure in words and keeps the last good copy', async ({ page }) => {
  // Demo domains do not resolve, so verifying blueharbor.example (crawled fine by the seed) fails.
  await signInAndChoose(page, USERS.single);
  await page.goto('/partners/adstxt');
  const row = page.getByRole('row').filter({ hasText: 'blueharbor.example' });
  await row.getByRole('link', { name: /^Open blueharbor\.example/ }).click();
  await expect(page.getByRole('heading', { name: 'blueharbor.example' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify now' }).click();

  await expect(
    page.getByText(/Checked blueharbor\.example: the file could not be read\. The name blueharbor\.example does not resolve/),
  ).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'We could not read ads.txt at blueharbor.example' });
  await expect(failure).toContainText('The last successful read was');
  await expect(failure).toContainText('press Verify now');
  await expect(page.getByText('Last successful read', { exact: true })).toBeVisible();
  await expect(page.getByText(/Nothing is missing/)).toHaveCount(0);
  await expect(page.getByText(/Authorized/)).toHaveCount(0);
  await expect(page.getByText(/ENOTFOUND|EAI_AGAIN/)).toHaveCount(0);
  // The last good copy is still shown.
  await expect(page.getByLabel('ads.txt served by blueharbor.example')).toContainText('google.com, pub-7723000000000001, DIRECT');

  await page.getByRole('link', { name: '← All domains' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'blueharbor.example' }).getByText('Error')).toBeVisible();
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});

test('a media owner restores an older revision and downloads all missing lines at once', async ({ page, request }) => {
  // Evergreen Living (publisher 1003): host the file and save two revisions through the API.
  const headers = await apiHeaders(request, USERS.multi, '1003');
  expect((await request.post('/api/adstxt/domains/d5201/hosting', { headers })).ok()).toBe(true);
  for (const content of ['openx.com, 111, RESELLER\n', 'openx.com, 222, RESELLER\n'])
    expect((await request.post('/api/adstxt/domains/d5201/revisions', { headers, data: { content } })).ok()).toBe(true);

  await signInAndChoose(page, USERS.multi, 'Evergreen');
  await page.goto('/partners/adstxt');
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Download all missing lines/ }).click(),
  ]);
  expect(all.suggestedFilename()).toBe('all-missing-ads-txt-lines.txt');
  const text = await readFile((await all.path())!, 'utf8');
  expect(text).toContain('# living.evergreen-digital.example: ');
  expect(text).toContain('appnexus.com, 21003, DIRECT, f5ab79cb980f11d1');

  await page.goto('/partners/adstxt?domain=d5201&view=history');
  const revisions = page.getByRole('table', { name: 'Revisions of the hosted ads.txt' }).getByRole('row');
  await expect(revisions).toHaveCount(4); // header + the activation revision + two saves
  const oldest = await revisions.nth(2).getByRole('cell').first().textContent();
  const oldId = Number(oldest!.replace('#', ''));
  await page.getByRole('button', { name: `Restore revision ${oldId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore revision #${oldId}?` });
  await expect(dialog).toContainText('saved as a new revision');
  await dialog.getByRole('button', { name: 'Restore this revision' }).click();
  await expect(page.getByText(new RegExp(`Revision #${oldId} is live again, saved as revision #\\d+\\.`))).toBeVisible();
  await expect(revisions).toHaveCount(5);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
});
