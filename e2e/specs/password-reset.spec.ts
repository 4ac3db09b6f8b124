import { expect, test } from '../support/test';
import { latestResetCode, newestResetCode } from '../support/api';
import { DEMO_PASSWORD, USERS, signInThroughPage } from '../support/demo';

test('forgot password: e-mail code through the outbox to a new password, then back', async ({ page, request, appServer }) => {
  const before = await newestResetCode(appServer, USERS.staff);
  await page.goto('/forgot');
  await page.getByLabel('Email').fill(USERS.staff);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/if an account exists|check your (e-)?mail/i).first()).toBeVisible();

  const code = await latestResetCode(appServer, USERS.staff, before);
  await page.goto(`/forgot?code=${code}`);
  await page.getByLabel('New password', { exact: true }).fill('fresh-password-42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signInThroughPage(page, USERS.staff, DEMO_PASSWORD);
  await expect(page.getByText('The email or password is incorrect.').first()).toBeVisible();
  await signInThroughPage(page, USERS.staff, 'fresh-password-42');
  await expect(page).toHaveURL(/\/partner-selection/);

  // The code works once only.
  const reuse = await request.post('/api/identity/password-reset/confirm', { data: { code, newPassword: 'another-one-43' } });
  expect(reuse.status()).toBe(400);

  // Put the demo password back for the other journeys.
  await request.post('/api/identity/password-reset', { data: { email: USERS.staff } });
  const again = await latestResetCode(appServer, USERS.staff, code);
  expect((await request.post('/api/identity/password-reset/confirm', { data: { code: again, newPassword: DEMO_PASSWORD } })).status()).toBe(
    200,
  );
});
