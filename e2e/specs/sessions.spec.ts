import { expect, test } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

// "sign out of all devices" from the profile page ends the other browser's session.
test.describe('sessions', () => {
  test('signing out of all devices on the profile page signs the other browser out too', async ({ browser }) => {
    const laptop = await browser.newContext();
    const phone = await browser.newContext();
    try {
      const here = await laptop.newPage();
      const there = await phone.newPage();
      await signInAndChoose(here, USERS.single);
      await signInAndChoose(there, USERS.single);

      await here.goto('/profile-settings');
      await here.getByRole('button', { name: 'Sign out of all devices' }).click();
      await here.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
      await expect(here).toHaveURL(/\/login/);

      // The other browser still holds its tokens; the server refuses them, so the app signs out.
      await there.goto('/profile-settings');
      await expect(there).toHaveURL(/\/login/);
      // ...and stays signed out: the refresh token was revoked too.
      await there.goto('/profile-settings');
      await expect(there).toHaveURL(/\/login/);
      // This browser can sign in again.
      await signInAndChoose(here, USERS.single);
    } finally {
      await laptop.close();
      await phone.close();
    }
  });
});
