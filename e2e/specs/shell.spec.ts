import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { USERS, signInAndChoose, signInThroughPage } from '../support/demo';

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  return page.getByRole('menu');
}

const MENU_ALWAYS = ['Account Settings', 'Payment Settings', 'Profile', 'Log out'];

test.describe('roles: sidebar, user menu and switcher', () => {
  test('provider admin sees admin and console entries and the switcher', async ({ page }) => {
    await signInAndChoose(page, USERS.admin, 'Northwind News');
    const menu = await openUserMenu(page);
    for (const item of [...MENU_ALWAYS, 'Partners Center Admin', 'Go To Console'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    // With the menu open: "Log out" is red text, which must still reach 4.5:1 on white.
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Switch partner' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('provider staff has the switcher and the read-only admin console, but no admin or console entries', async ({ page }) => {
    await signInAndChoose(page, USERS.staff, 'Blue Harbor Media');
    const menu = await openUserMenu(page);
    for (const item of MENU_ALWAYS) await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Console (read-only)' })).toHaveAttribute('href', '/admin-console/');
    await expect(menu.getByRole('menuitem', { name: 'Partners Center Admin' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Go To Console' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Switch partner' })).toBeVisible();
  });

  test('a media owner with several accounts switches partner by search', async ({ page }) => {
    await signInAndChoose(page, USERS.multi, 'Northwind News');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Northwind News has an active organic site: Reports splits into two summaries.
    await nav.getByRole('button', { name: 'Reports' }).click();
    await expect(nav.getByRole('link', { name: 'Recirculation Summary' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch partner' }).click();
    const search = page.getByPlaceholder('Search by partner name or partner id');
    await search.fill('zzz-nothing');
    await expect(page.getByText('No results found')).toBeVisible();
    await search.fill('EVERGREEN');
    await expect(page.getByRole('option', { name: /Evergreen Digital/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Northwind/ })).toHaveCount(0);
    await search.fill('1003');
    await page.getByRole('option', { name: /Evergreen Digital/ }).click();
    await expect(page.getByRole('heading', { name: /Evergreen Digital/ }).first()).toBeVisible();
    // Evergreen's only organic site is inactive: Reports is a single link.
    await expect(nav.getByRole('link', { name: 'Recirculation Summary' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Reports' })).toBeVisible();
  });

  test('a media owner with one account skips partner selection and has no switcher', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await expect(page.getByRole('button', { name: 'Switch partner' })).toHaveCount(0);
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Partners Center Admin' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Go To Console' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('layout', () => {
  test('sidebar is 256 px open and 56 px collapsed at 1280 px; submenus by click and by hover', async ({ page }) => {
    await signInAndChoose(page, USERS.multi, 'Northwind News');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect((await nav.boundingBox())!.width).toBe(256);
    const reports = nav.getByRole('button', { name: 'Reports' });
    await reports.click();
    await expect(reports).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBe(56);
    await nav.getByRole('button', { name: 'Reports' }).hover();
    // The collapsed rail shows the submenu in a popover beside it.
    const flyout = page.locator('.mantine-Popover-dropdown').getByRole('link', { name: 'Revenue Summary' });
    await expect(flyout).toBeVisible();
    await page.mouse.move(900, 500);
    await expect(flyout).toBeHidden();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBe(256);
  });

  test('at 390 px the sidebar is hidden behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAndChoose(page, USERS.single);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeVisible();
  });
});

test.describe('profile', () => {
  test('shows the spec validation messages and a success toast', async ({ page }) => {
    await signInAndChoose(page, USERS.multi, 'Northwind News');
    await page.goto('/profile-settings');
    const first = page.getByLabel('First Name');
    await first.fill('');
    await page.getByLabel('Phone').fill('12');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('First Name is required!')).toBeVisible();
    await expect(page.getByText('Email is invalid!')).toBeVisible();
    await expect(page.getByText('Phone is invalid!')).toBeVisible();
    await first.fill('Morgan');
    await page.getByLabel('Phone').fill('+44 20 7946 0958');
    await page.getByLabel('Email', { exact: true }).fill(USERS.multi);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.locator('[data-severity="success"]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('sign-out', () => {
  test('removes exactly the listed keys and returns to /login', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await page.evaluate(() => {
      for (const k of ['redirectFromMOC', 'userScope', 'moc_site_id', 'moc_at', 'redirect_path', 'user_logout'])
        localStorage.setItem(k, 'x');
    });
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    const left = await page.evaluate(() =>
      ['jwt', 'redirectFromMOC', 'userScope', 'moc_site_id', 'moc_at', 'redirect_path'].filter((k) => localStorage.getItem(k) !== null),
    );
    expect(left).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('500 page', () => {
  test('reloads once automatically, then shows its texts and buttons', async ({ page }) => {
    await signInAndChoose(page, USERS.single);
    await page.evaluate(() => localStorage.removeItem('pc_error_page'));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/500');
    await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    // The first visit recorded itself and reloaded once; the second shows the page.
    expect(loads).toBeGreaterThanOrEqual(2);
    await expect(page).toHaveTitle('500 - Server Error');
    await expect(page.getByText('An unexpected error has occurred. We apologize for the inconvenience.')).toBeVisible();
    await expect(page.getByText('Please try refreshing the page or return to the homepage using the buttons below.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'GO TO HOMEPAGE' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'REFRESH PAGE' })).toBeVisible();
    // Within 60 s on the same address there is no second automatic reload.
    const before = loads;
    await page.getByRole('button', { name: 'REFRESH PAGE' }).click();
    await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    expect(loads).toBe(before + 1);
  });
});

test.describe('sign-in page', () => {
  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('remembers where an unauthenticated visitor was going', async ({ page }) => {
    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/login/);
    await signInThroughPage(page, USERS.single);
    await expect(page).toHaveURL(/\/account-settings/);
  });
});
