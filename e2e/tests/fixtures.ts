import { expect, request, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };

/** Adds a staff user through the API, signed in as the administrator. */
export async function createStaffUser(baseURL: string, username: string, password = 'Sturdy-hinge-44-track') {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/login', { form: { username: ADMIN.username, password: ADMIN.password } });
  expect(login.ok()).toBeTruthy();
  const res = await api.post('/api/users/addNewUser', { data: { username, password } });
  expect([201, 409]).toContain(res.status());
  await api.dispose();
  return { username, password };
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sales$/);
}
