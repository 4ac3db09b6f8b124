import { expect, test } from '../support/test';
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

test('an admin reads the report data loads: the demo generator’s loads with their rows', async ({ page }) => {
  await signInAndChoose(page, USERS.admin, 'Northwind News');
  await page.goto('/admin-console/data-loads');
  await expect(page.getByRole('tab', { name: 'Data loads', selected: true })).toBeVisible();
  // main.ts records the demo generator's loads at start-up, one per report type.
  for (const report of ['Revenue', 'Recirculation']) {
    const card = page.getByLabel(`Last ${report} load`);
    await expect(card).toContainText('demo generator');
    await expect(card).toContainText('applied');
    await expect(card).toContainText(/[1-9][\d,]* rows applied/);
  }
  const table = page.getByRole('table', { name: 'Data loads' });
  await expect(table.getByRole('row', { name: /Revenue generated sample facts \(demo generator\) applied/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'rejected' }).click();
  await expect(page.getByText('No load matches these filters.')).toBeVisible();
});
