import { expect, test } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { createStaffUser } from './fixtures.js';

/**
 * Issue 36, "Roles that fit the yard": an administrator gives a user ROLE_YARD in the users tab;
 * that user signs in to the Loaders, sees only Loaders and Account in the navigation bar, and is
 * sent back to the Loaders from any other page. (What the server refuses is walked route by route
 * in apps/server/test/app.access.test.ts.)
 */
test('a yard user signs in to the Loaders and the navigation shows only what it may open', async ({
  page,
  baseURL,
}) => {
  const s = uniqueSuffix().toLowerCase();
  const yard = await createStaffUser(baseURL!, `yard${s}`);
  const api = await AdminApi.open(baseURL!);
  try {
    expect(await api.put('/api/users/roles', { username: yard.username, roles: ['ROLE_YARD'] })).toEqual(['ROLE_YARD']);
  } finally {
    await api.dispose();
  }

  await page.goto('/login');
  await page.getByLabel('Username').fill(yard.username);
  await page.getByLabel('Password').fill(yard.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/loaders$/);
  await expect(page.locator('.bay-table').first()).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Loaders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Account/ })).toBeVisible();
  for (const hidden of ['Sales', 'Dashboard', 'Admin'])
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: /Search|Find/ })).toHaveCount(0);

  // Any other page sends the yard back to the Loaders.
  for (const path of ['/sales', '/dashboard', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/loaders$/);
  }
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
