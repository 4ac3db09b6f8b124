import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

test('a media owner requests a larger plan, staff approve it in the admin console, the owner is on it at once', async ({ browser }) => {
  // Two users and three pages on a shared, loaded machine: more than the default minute.
  test.setTimeout(150_000);
  const owner = await browser.newPage();
  await signInAndChoose(owner, USERS.multi, 'Northwind News');
  await owner.goto('/plans');
  const compare = owner.getByRole('table', { name: 'Plans compared' });
  await expect(compare).toBeVisible();
  await compare.getByRole('button', { name: 'Request Enterprise' }).click();
  // Nothing is sent before the owner confirms.
  await owner.getByRole('dialog', { name: 'Request the Enterprise plan?' }).getByRole('button', { name: 'Send request' }).click();
  await expect(compare.getByText('Requested', { exact: true })).toBeVisible();
  await owner.goto('/my-plans');
  await expect(owner.getByText(/You asked to move to Enterprise/)).toBeVisible();
  await expect(owner.getByLabel(/^Uptime monitors: \d+ of 10$/)).toBeVisible();

  const staff = await browser.newPage();
  await signInAndChoose(staff, USERS.staff, 'Northwind News');
  await staff.goto('/admin-console/requests');
  const queue = staff.getByRole('table', { name: 'Plan changes' });
  const row = queue.getByRole('row').filter({ hasText: 'Northwind News' }).filter({ hasText: 'Enterprise' });
  await expect(row).toContainText('Waiting');
  // A rejection needs a reason: the dialog says so and nothing is decided.
  await row.getByRole('button', { name: 'Reject Northwind News: move to Enterprise' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject the request' });
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(dialog.getByText(/Give a reason/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Approve Northwind News: move to Enterprise' }).click();
  const approve = staff.getByRole('dialog', { name: 'Approve the request' });
  await approve.getByLabel('Note to the publisher (optional)').fill('Welcome to Enterprise.');
  await approve.getByRole('button', { name: 'Approve request' }).click();
  await expect(approve).toBeHidden();
  await expect(row).toHaveCount(0);
  await staff.getByText('All, with decisions').click();
  const decided = queue.getByRole('row').filter({ hasText: 'Northwind News' }).filter({ hasText: 'Welcome to Enterprise.' });
  await expect(decided).toContainText('Approved');

  await owner.goto('/my-plans');
  await expect(owner.getByRole('heading', { name: 'Enterprise', level: 2 })).toBeVisible();
  await expect(owner.getByText(/You asked to move to/)).toHaveCount(0);
  await expect(owner.getByLabel(/^Uptime monitors: \d+ of 50$/)).toBeVisible();
});

test('staff reject a seeded product demo request with a reason and find it decided', async ({ page }) => {
  await signInAndChoose(page, USERS.staff, 'Northwind News');
  await page.goto('/admin-console/');
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/\/admin-console\/requests$/);
  const queue = page.getByRole('table', { name: 'Service requests' });
  const subject = 'Blue Harbor Media: Product demo of Blocking rules';
  await queue.getByRole('button', { name: `Reject ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the request' });
  await dialog.getByLabel('Reason').fill('Blocking demos restart in January; we will write to you then.');
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(dialog).toBeHidden();
  await expect(queue.getByRole('button', { name: `Reject ${subject}` })).toHaveCount(0);
  await page.getByText('All, with decisions').click();
  const row = queue.getByRole('row').filter({ hasText: 'Blocking demos restart in January' });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('Blue Harbor Media');
});
