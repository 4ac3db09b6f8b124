import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { USERS, signInAndChoose } from '../support/demo';

// Account settings choose the country from the ISO 3166 list, take the website
// as an address, and warn before unsaved changes are lost.

test('company details: country from the ISO list, website as an address, a warning before leaving unsaved', async ({ page }) => {
  await signInAndChoose(page, USERS.multi, 'Evergreen Digital');
  await page.goto('/account-settings');
  const form = page.getByRole('form', { name: 'Company details' });
  const country = form.getByPlaceholder('Choose a country');
  // The demo stores a code; the page names the country.
  await expect(country).toHaveValue('United Kingdom');

  // Keyboard only: type to filter the list, pick with the arrow keys and Enter.
  await country.fill('Irel');
  await country.press('ArrowDown');
  await country.press('Enter');
  await expect(country).toHaveValue('Ireland');

  const website = form.getByLabel(/^Website/);
  await website.fill('not a website');
  await form.getByRole('button', { name: 'Save company details' }).click();
  await expect(form.getByText('Enter the website as an address, e.g. https://example.com.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Leaving with changes asks first; staying keeps them.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocking Rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/account-settings/);
  await expect(website).toHaveValue('not a website');

  // A bare domain is saved as https; after a reload the saved values are what the page shows.
  const domain = `evergreen-${Date.now()}.example`;
  await website.fill(domain);
  await form.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('The company details have been saved.')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel(/^Website/)).toHaveValue(`https://${domain}`);
  await expect(form.getByPlaceholder('Choose a country')).toHaveValue('Ireland');

  // Put the demo's country back so other journeys see the seeded company.
  await form.getByPlaceholder('Choose a country').fill('United Kingdom');
  await form.getByPlaceholder('Choose a country').press('ArrowDown');
  await form.getByPlaceholder('Choose a country').press('Enter');
  await form.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('The company details have been saved.').last()).toBeVisible();
  // Nothing unsaved now: leaving does not ask.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocking Rules' }).click();
  await expect(page).not.toHaveURL(/\/account-settings/);
});
