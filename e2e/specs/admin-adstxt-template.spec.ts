import { expect, test } from '@playwright/test';
import { USERS, signInAndChoose } from '../support/demo';

test('an admin edits the ads.txt template: live parser errors, diff preview, save, audit history', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/adstxt-template');
  await expect(page.getByRole('tab', { name: 'Ads.txt template', selected: true })).toBeVisible();
  const editor = page.getByLabel('Required lines template');
  const original = await editor.inputValue();
  expect(original).toContain('partners-center.example, {publisher_id}, DIRECT');
  const preview = page.getByRole('button', { name: 'Preview changes' });
  await expect(preview).toBeDisabled(); // nothing changed yet

  // The shared parser flags a bad relationship and an unknown placeholder before anything is sent.
  await editor.fill(`${original}\nnewssp.example, {publisher_id}, SOMETIMES\nother.example, {nope}, DIRECT`);
  const problems = page.getByRole('list', { name: 'Template problems' });
  await expect(problems).toContainText('“SOMETIMES” is not a valid relationship');
  await expect(problems).toContainText('Unknown placeholder {nope}');
  await expect(preview).toBeDisabled();

  await editor.fill(`${original}\nnewssp.example, {publisher_id}, DIRECT`);
  await expect(problems).toBeHidden();
  await preview.click();
  const diff = page.getByRole('list', { name: 'Changes to the template' });
  await expect(page.getByText('1 line added, 0 removed.')).toBeVisible();
  await expect(diff.locator('li[data-change="added"]')).toHaveText(/newssp\.example, \{publisher_id\}, DIRECT/);
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(/Template saved/)).toBeVisible();
  await expect(page.getByText(`by ${USERS.admin}`)).toBeVisible();
  const history = page.getByRole('list', { name: 'Template change history' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `${USERS.admin}: 1 added, 0 removed (+ newssp.example, {publisher_id}, DIRECT)`,
  );

  // Back to the demo template, so other journeys see the lines they expect; the removal is audited too.
  await editor.fill(original);
  await preview.click();
  await expect(page.getByText('0 lines added, 1 removed.')).toBeVisible();
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(history.getByRole('listitem').first()).toContainText('0 added, 1 removed');
  await expect(editor).toHaveValue(original);
});
