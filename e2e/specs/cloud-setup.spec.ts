import { expect, test, type Page } from '../support/test';
import { USERS, signInAndChoose } from '../support/demo';

/** "N of M steps done" as the page shows it. */
async function progressOf(page: Page): Promise<{ done: number; total: number }> {
  const text = (await page.getByTestId('setup-progress-text').textContent()) ?? '';
  const m = /(\d+) of (\d+) steps done/.exec(text);
  expect(m, `progress text "${text}"`).not.toBeNull();
  return { done: Number(m![1]), total: Number(m![2]) };
}

test('a media owner completes a setup step and watches the progress move, on the page and on home', async ({ page, baseURL }) => {
  await signInAndChoose(page, USERS.multi, 'Northwind News');
  // Home shows the checklist card while setup is incomplete.
  const card = page.locator('[aria-label="Setup checklist"]');
  await expect(card.getByTestId('home-setup-progress')).toHaveText(/\d+ of \d+ steps done/);
  await card.getByRole('link', { name: 'Continue setup' }).click();

  await expect(page).toHaveURL(/\/media-owners-cloud-setup$/);
  await expect(page.getByRole('heading', { name: 'Setup', level: 1 })).toBeVisible();
  await expect(page.getByTestId('setup-progress-text')).toBeVisible();
  const before = await progressOf(page);
  expect(before.done).toBeLessThan(before.total);

  // Northwind Sport has no monitor in the demo data.
  const site = page.locator('[data-site="5002"]');
  const monitorStep = site.locator('[data-step="monitor"]');
  await expect(monitorStep).toHaveAttribute('data-done', 'false');
  await expect(monitorStep).toContainText('To do');
  await monitorStep.getByRole('link', { name: 'Create a monitor' }).click();

  await expect(page).toHaveURL(/\/uptime-monitoring\/new$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Northwind Sport health');
  // The demo server's own health check: the monitor stays up, so no incident lands in other journeys.
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${baseURL}/healthz`);
  await page.getByRole('combobox', { name: 'Site (optional)' }).click();
  await page.getByRole('option', { name: /Northwind Sport/ }).click();
  await page.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page).not.toHaveURL(/\/uptime-monitoring\/new$/);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Services & Site Health' }).click();
  await nav.getByRole('link', { name: 'Setup', exact: true }).click();
  await expect(page).toHaveURL(/\/media-owners-cloud-setup$/);
  await expect(monitorStep).toHaveAttribute('data-done', 'true');
  await expect(monitorStep).toContainText('1 uptime monitor watches this site.');
  await expect(page.getByTestId('setup-progress-text')).toHaveText(`${before.done + 1} of ${before.total} steps done`);
  await expect(page.getByRole('progressbar', { name: /Setup progress/ })).toBeVisible();

  await page.goto('/');
  await expect(page.locator('[aria-label="Setup checklist"]').getByTestId('home-setup-progress')).toHaveText(
    `${before.done + 1} of ${before.total} steps done`,
  );
});

test('the setup page needs a signed-in user', async ({ page }) => {
  await page.goto('/media-owners-cloud-setup');
  await expect(page).toHaveURL(/\/login/);
});
