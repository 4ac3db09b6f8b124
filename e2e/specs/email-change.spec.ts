import { expect, test, type Page } from '../support/test';
import { DEMO_PASSWORD, USERS, signInAndChoose } from '../support/demo';
import { latestEmailChangeLink } from '../support/api';

// The sign-in e-mail changes only with the current password and the link sent to
// the new address; the header shows the new name at once and the new e-mail once confirmed.
async function changeEmail(page: Page, to: string, first: string) {
  await page.goto('/profile-settings');
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Email', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Save profile' }).click();
  // On the field (the same words also come as a toast, which may or may not be in yet).
  await expect(
    page.getByRole('form', { name: 'Personal information' }).getByText('Enter your current password to change your email.'),
  ).toBeVisible();
  await page.getByRole('form', { name: 'Personal information' }).getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(`We sent a link to ${to}.`, { exact: false })).toBeVisible();
}

test('changing the sign-in e-mail needs the password and the link sent to the new address', async ({ page, request, appServer }) => {
  const moved = 'sasha.moved@demo.example';
  await signInAndChoose(page, USERS.single);
  await changeEmail(page, moved, 'Sashka');
  // The new name is in the header at once.
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Sashka');
  // Nothing about sign-in has changed yet.
  const early = await request.post('/api/identity/sign-in', { data: { email: moved, password: DEMO_PASSWORD } });
  expect(early.status()).toBe(401);

  await page.goto(await latestEmailChangeLink(appServer, moved));
  await expect(page.getByText(`Your sign-in email is now ${moved}.`)).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText(moved)).toBeVisible();
  await page.keyboard.press('Escape');

  // Back to the demo address so the other journeys keep their user.
  await changeEmail(page, USERS.single, 'Sasha');
  await page.goto(await latestEmailChangeLink(appServer, USERS.single));
  await expect(page.getByText(`Your sign-in email is now ${USERS.single}.`)).toBeVisible();
});
