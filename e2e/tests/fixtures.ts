import { test as base, expect, request, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { AdminApi } from './api-helpers.js';

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };

/**
 * Playwright's `test` with `api`: an AdminApi client opened for the test and disposed after it
 * (after the test's own clean-up, and also when the test fails).
 */
export const test = base.extend<{ api: AdminApi }>({
  api: async ({ baseURL }, use) => {
    const api = await AdminApi.open(baseURL!);
    await use(api);
    await api.dispose();
  },
});

/** Adds a staff user through the API, signed in as the administrator. */
export async function createStaffUser(baseURL: string, username: string, password = 'Sturdy-hinge-44-track') {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/login', { form: { username: ADMIN.username, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  const res = await api.post('/api/users/addNewUser', { data: { username, password } });
  expect([201, 409]).toContain(res.status());
  await api.dispose();
  return { username, password };
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await submitSignIn(page, username, password);
}

/** Fills the sign-in form already on screen and sends it; the clerk lands on /sales. */
export async function submitSignIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sales$/);
}

/**
 * The 'Create succeeded - ID: n' toast with the server's message under it, in view; answers n.
 */
export async function createdToastId(page: Page, message: string): Promise<number> {
  const toast = page.getByTestId('toast');
  const created = toast.getByText(/^Create succeeded - ID: \d+$/);
  await expect(created).toBeVisible();
  await expect(toast.getByText(message, { exact: true })).toBeVisible();
  return Number((await created.textContent())!.match(/ID: (\d+)/)![1]);
}

/** A list table's row for the record with this id (its ID cell). */
export function listRow(table: Locator, id: number) {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: String(id), exact: true }) });
}

/** From Sales: the Quotes tab, the list filtered to the job, and the quote's Edit modal, answered. */
export async function openQuoteForEdit(page: Page, quote: { id: number; jobName: string }): Promise<Locator> {
  await page.getByRole('tab', { name: 'Quotes', exact: true }).click();
  const quotes = page.getByRole('tabpanel', { name: 'Quotes', exact: true }).getByRole('table', { name: 'Quotes' });
  await quotes.getByLabel('Filter Job Name').fill(quote.jobName);
  await listRow(quotes, quote.id)
    .getByRole('button', { name: `Edit quote ${quote.id}` })
    .click();
  return page.getByRole('dialog', { name: /^Edit Quote/ });
}
