import { expect, test } from '@playwright/test';
import { COMPANY_NAME } from '../playwright.config.js';
import { ADMIN, createStaffUser, signIn } from './fixtures.js';

test.describe('landing, sign-in and the app shell', () => {
  test('landing page shows the company, the tagline and a Login button', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(COMPANY_NAME).first()).toBeVisible();
    await expect(page.getByText('Your one stop shop for garage doors')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sales' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/landing.png', fullPage: true });
    await page
      .getByRole('button', { name: 'Login' })
      .or(page.getByRole('link', { name: 'Login' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.screenshot({ path: 'test-results/screenshots/login.png', fullPage: true });
  });

  test('app routes without a session go to /login', async ({ page }) => {
    for (const route of ['/sales', '/loaders', '/admin']) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a wrong password keeps the user on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid username or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the administrator signs in with the keyboard, sees Admin, and the shell of every area', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sales$/);
    const roles = await page.evaluate(() => sessionStorage.getItem('userRoles'));
    expect(JSON.parse(roles ?? '[]')).toContain('ROLE_ADMIN');

    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: COMPANY_NAME })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Sales' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Loaders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await expect(nav.getByText('admin', { exact: true })).toBeVisible();

    for (const tab of ['Orders', 'Quotes', 'Customers', 'Vendor Orders']) {
      await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    }
    await page.screenshot({ path: 'test-results/screenshots/sales.png', fullPage: true });

    await nav.getByRole('link', { name: 'Loaders' }).click();
    await expect(page).toHaveURL(/\/loaders$/);
    await expect(page.getByRole('tab', { name: 'Loading Grid' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Grid Manager' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Orders' })).toBeVisible();

    await nav.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    for (const tab of ['Product Catalog', 'Email Management', 'Modify Password', 'Add Users', 'Users List / Remove']) {
      await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    }
  });

  test('staff see no Admin link and are sent from /admin to /sales', async ({ page, baseURL }) => {
    const clerk = await createStaffUser(baseURL!, 'counter-clerk');
    await signIn(page, clerk.username, clerk.password);
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Sales' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Loaders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/sales$/);
    // The server agrees: the browser's check is only comfort.
    const res = await page.request.get('/api/users/getUsersList');
    expect(res.status()).toBe(403);
  });

  test('sign-out ends the session', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('userRoles'))).toBeNull();
    expect((await page.request.get('/api/session')).status()).toBe(401);
    await page.goto('/sales');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an idle session expires and the next visit goes to /login', async ({ page }) => {
    const shortUrl = test.info().config.metadata.shortSessionUrl as string;
    await page.goto(`${shortUrl}/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/sales$/);
    await page.waitForTimeout(4_000);
    await page.goto(`${shortUrl}/loaders`);
    await expect(page).toHaveURL(/\/login$/);
  });
});
