import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// The journey works on a partner and a flag of its own: other journeys share the demo data.
test('an admin defines a flag and edits its default, renames a partner and its site, and sees the new names in the list', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const flagKey = `journey.edit_${stamp}`;
  await signInAndChoose(page, USERS.admin, 'Northwind News');

  // A new LIMIT flag, then its default changed.
  await page.goto('/admin-console/feature-flags');
  await page.getByRole('button', { name: 'New flag' }).click();
  const newFlag = page.getByRole('form', { name: 'New flag' });
  await newFlag.getByLabel('Flag name').fill(flagKey);
  await newFlag.getByLabel('Shape').selectOption('LIMIT');
  await newFlag.getByLabel('Default value').fill('3');
  await newFlag.getByLabel('Description').fill('Journey flag: how many things a partner may add');
  await newFlag.getByLabel(/^Beta/).check();
  await newFlag.getByRole('button', { name: 'Create flag' }).click();
  await expect(page.getByText(`Flag ${flagKey} created.`, { exact: false })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(flagKey.replace('.', '\\.')) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('LIMIT');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row.getByText('beta')).toBeVisible();

  await page.getByRole('button', { name: `Edit ${flagKey}` }).click();
  const editFlag = page.getByRole('form', { name: `Edit flag ${flagKey}` });
  // Keyboard only: the description has focus, the default is before it.
  await expect(editFlag.getByLabel('Description')).toBeFocused();
  await editFlag.getByLabel('Default value').fill('-1');
  await editFlag.getByLabel('Default value').press('Enter');
  await expect(editFlag.getByText('A LIMIT flag takes a whole number from 0.')).toBeVisible();
  await editFlag.getByLabel('Default value').fill('12');
  await editFlag.getByLabel('Default value').press('Enter');
  await expect(editFlag).toHaveCount(0);
  await expect(row.getByRole('cell').nth(2)).toHaveText('12');

  // A partner of the journey's own with one site.
  await page.getByRole('tab', { name: 'Partners and sites' }).click();
  const before = `Journey Edit ${stamp}`;
  const after = `Journey Renamed ${stamp}`;
  await page.getByRole('button', { name: 'New partner' }).click();
  await page.getByLabel('Partner name').fill(before);
  await page.getByLabel('Currency').fill('EUR');
  await page.getByRole('button', { name: 'Create partner' }).click();
  await expect(page.getByText(new RegExp(`Sites of ${before} \\(\\d+\\)`))).toBeVisible();
  await page.getByLabel('Site name').fill('Journey Daily');
  await page.getByLabel('Domain', { exact: true }).fill(`daily-${stamp}.journey.example`);
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('cell', { name: `daily-${stamp}.journey.example` })).toBeVisible();

  // Rename the partner and change its currency.
  await page.getByRole('button', { name: `Edit ${before}` }).click();
  const partnerForm = page.getByRole('form', { name: new RegExp(`Edit partner ${before}`) });
  await partnerForm.getByLabel('Partner name').fill(after);
  await partnerForm.getByLabel('Currency').fill('GBP');
  await partnerForm.getByRole('button', { name: 'Save partner' }).click();
  await expect(partnerForm).toHaveCount(0);
  const partnerRow = page.getByRole('row', { name: new RegExp(after) });
  await expect(partnerRow.getByRole('cell', { name: 'GBP' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(before) })).toHaveCount(0);
  // The open sites panel follows the new name.
  await expect(page.getByText(new RegExp(`Sites of ${after} \\(\\d+\\)`))).toBeVisible();

  // Rename the site and change its domain.
  await page.getByRole('button', { name: 'Edit site Journey Daily' }).click();
  await page.getByLabel('Name of site Journey Daily').fill('Journey Evening');
  await page.getByLabel('Domain of site Journey Daily').fill(`evening-${stamp}.journey.example`);
  await page.getByLabel('Domain of site Journey Daily').press('Enter');
  await expect(page.getByRole('cell', { name: 'Journey Evening', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `evening-${stamp}.journey.example` })).toBeVisible();

  // After a reload, the list and the search find the partner by its new name.
  await page.reload();
  await page.getByLabel('Search partners').fill(after);
  await expect(page.getByRole('row', { name: new RegExp(after) })).toBeVisible();
  await page.getByRole('button', { name: `Sites of ${after}` }).click();
  await expect(
    page.getByRole('table', { name: `Sites of ${after}` }).getByRole('cell', { name: 'Journey Evening', exact: true }),
  ).toBeVisible();
});

test('staff without admin access see no edit buttons for partners or sites', async ({ page }) => {
  await signInAndChoose(page, USERS.staff, 'Northwind News');
  await page.goto('/admin-console/');
  await expect(page.getByRole('table', { name: 'Partners' })).toBeVisible();
  await page.getByRole('button', { name: 'Sites of Northwind News' }).click();
  await expect(page.getByRole('table', { name: 'Sites of Northwind News' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  // A deep link to the flags says it is for administrators.
  await page.goto('/admin-console/feature-flags');
  await expect(page.getByText('Feature flags is for administrators only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New flag' })).toHaveCount(0);
});
