import { test as base, expect, request, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { AdminApi, uniqueSuffix } from './api-helpers.js';

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };

/** A second clerk: a staff user of its own, signed in on a page of another browser. */
export interface OtherClerk {
  username: string;
  password: string;
  page: Page;
}

/** The bays a test loads, emptied after it (also when it fails), for the next test. */
export interface Bays {
  /** Puts each order in its bay through the API. */
  place(loads: [{ id: number }, number][]): Promise<void>;
}

/**
 * Playwright's `test` with `api`: an AdminApi client opened for the test and disposed after it
 * (after the test's own clean-up, and also when the test fails); and `otherClerk`, a new staff
 * user signed in (on /sales) in a browser context of its own, closed after the test; and `bays`,
 * which loads bays through the API and empties them after the test.
 */
export const test = base.extend<{ api: AdminApi; otherClerk: OtherClerk; bays: Bays }>({
  api: async ({ baseURL }, use) => {
    const api = await AdminApi.open(baseURL!);
    await use(api);
    await api.dispose();
  },
  bays: async ({ api }, use) => {
    const loaded: { id: number }[] = [];
    try {
      await use({
        place: async (loads) => {
          loaded.push(...loads.map(([order]) => order));
          await api.placeInBays(loads);
        },
      });
    } finally {
      if (loaded.length > 0) await api.clearBays(loaded);
    }
  },
  otherClerk: async ({ browser, baseURL }, use) => {
    const user = await createStaffUser(baseURL!, `clerk${uniqueSuffix().toLowerCase()}`);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await signIn(page, user.username, user.password);
      await use({ ...user, page });
    } finally {
      await context.close();
    }
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

/** The Loading Grid's card of bay n. */
export function loadingBay(page: Page, n: number) {
  return page.getByRole('region', { name: new RegExp(`^Loading Bay ${n}\\b`) });
}

/** From Sales: the Quotes tab, the list filtered to the job, and the quote's Edit modal, answered. */
export async function openQuoteForEdit(page: Page, quote: { id: number; jobName: string }): Promise<Locator> {
  await page.getByRole('tab', { name: 'Quotes', exact: true }).click();
  const quotes = page.getByRole('tabpanel', { name: 'Quotes', exact: true }).getByRole('table', { name: 'Quotes' });
  return openFromList(quotes, 'quote', quote);
}

/** Presses Edit on the document's row of this list table; answers its Edit modal. */
export async function editFromList(table: Locator, kind: 'order' | 'quote', id: number): Promise<Locator> {
  await listRow(table, id)
    .getByRole('button', { name: `Edit ${kind} ${id}` })
    .click();
  return table.page().getByRole('dialog', { name: kind === 'order' ? /^Edit Order/ : /^Edit Quote/ });
}

/** Filters the list table to the document's job, then opens its Edit modal (answered). */
export async function openFromList(table: Locator, kind: 'order' | 'quote', doc: { id: number; jobName: string }) {
  await table.getByLabel('Filter Job Name').fill(doc.jobName);
  return editFromList(table, kind, doc.id);
}

/** On the Stock page: starts a count of the parts whose item number starts with `prefix`; its dialog. */
export async function startCountByPrefix(page: Page, prefix: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Counts', exact: true }).click();
  await page.getByRole('radio', { name: 'Item numbers starting with' }).check();
  await page.getByLabel('Item number prefix').fill(prefix);
  await page.getByRole('button', { name: 'Start count' }).click();
  return page.getByRole('dialog', { name: /^Count \d+$/ });
}
