import { expect, request, test, type Page } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { ADMIN, createStaffUser, signIn, submitSignIn } from './fixtures.js';

/**
 * Feedback that is seen and requests that are never replayed: offline saves fail within
 * seconds and stay failed, the console stays clean in normal use, every clerk lands on /sales,
 * and an editor asks before dropping unsaved edits. At the counter's usual 1366x768.
 */
test.use({ viewport: { width: 1366, height: 768 } });
// Each test is a whole walk (and two wait out an idle session): more than the default 30 s on a
// busy machine.
test.describe.configure({ timeout: 90_000 });

const SHOTS = 'test-results/screenshots';

/** Console errors and uncaught page errors, collected from now on. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function openCustomers(page: Page) {
  await page.getByRole('tab', { name: 'Customers', exact: true }).click();
  return page.getByRole('tabpanel', { name: 'Customers', exact: true });
}

async function customersNamed(api: AdminApi, name: string) {
  const page = await api.get<{ items: { id: number; name: string }[] }>(
    `/api/customers/?page=1&size=30&name=${encodeURIComponent(name)}`,
  );
  return page.items.filter((c) => c.name === name);
}

test.describe('feedback, offline and sign-in', () => {
  test('saving a customer offline fails within 5 s and is not saved behind the user’s back when the network returns', async ({
    page,
    context,
    baseURL,
  }) => {
    const api = await AdminApi.open(baseURL!);
    const name = `Offline Door Co ${uniqueSuffix()}`;
    try {
      await signIn(page, ADMIN.username, ADMIN.password);
      const panel = await openCustomers(page);
      await panel.getByRole('button', { name: 'Create Customer' }).click();
      const modal = page.getByRole('dialog', { name: /^(Create|Edit) Customer/ });
      // The editor opens with the cursor in its first field.
      await expect(modal.getByLabel('Customer No')).toBeFocused();
      await modal.getByLabel('Customer Name').fill(name);

      await context.setOffline(true);
      const started = Date.now();
      await modal.getByRole('button', { name: 'Create', exact: true }).click();
      const toast = page.getByTestId('toast').filter({ hasText: 'Create failed' });
      await expect(toast).toBeVisible({ timeout: 5_000 });
      const failedAfterMs = Date.now() - started;
      await expect(toast).toContainText('Network response was not ok.');
      await expect(toast).toBeInViewport();
      await expect(modal.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
      console.log(`[offline] 'Create failed' shown ${failedAfterMs} ms after the click`);

      // Back online: nothing is sent on the user's behalf.
      await context.setOffline(false);
      await page.waitForTimeout(3_000);
      expect(await customersNamed(api, name)).toEqual([]);
      await expect(modal.getByLabel('Customer Name')).toHaveValue(name);

      // The clerk decides to save again: one customer, and the keyboard stays in the modal.
      await modal.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByTestId('toast').getByText(/^Create succeeded - ID: \d+$/)).toBeVisible();
      await expect(modal.getByRole('heading', { name: 'Edit Customer' })).toBeVisible();
      expect(await customersNamed(api, name)).toHaveLength(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.modal') !== null)).toBe(true);
      // Nothing changed since the save: Close closes without a question.
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(modal).toBeHidden();
    } finally {
      await context.setOffline(false);
      for (const c of await customersNamed(api, name)) await api.api.delete(`/api/customers/delete/${c.id}`);
      await api.dispose();
    }
  });

  test('the customer editor asks before discarding edits; its results show as toasts in view of a scrolled modal', async ({
    page,
    baseURL,
  }) => {
    const api = await AdminApi.open(baseURL!);
    const customer = await api.createCustomer({ name: `Discard Door Co ${uniqueSuffix()}` });
    try {
      await signIn(page, ADMIN.username, ADMIN.password);
      const panel = await openCustomers(page);
      const table = panel.getByRole('table', { name: 'Customers' });
      await table.getByLabel('Filter Customer Name').fill(customer.name);
      await table.getByRole('button', { name: `Edit customer ${customer.id}` }).click();
      const modal = page.getByRole('dialog', { name: /^Edit Customer/ });
      await expect(modal.getByLabel('Customer No')).toBeFocused();

      // Unchanged: Escape closes at once. Pressed once the opening fade has finished: twice in
      // about ten clean runs an Escape during the fade left the closed dialog's element behind
      // (class 'fade modal', opacity 0), an open bug of the modal's exit transition.
      await expect.poll(() => modal.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await table.getByRole('button', { name: `Edit customer ${customer.id}` }).click();
      await expect(modal.getByLabel('Customer No')).toBeFocused();

      // An edit far down the modal, then Close: the question comes, Keep editing keeps the edit.
      const commercial = modal.getByRole('spinbutton', { name: 'Commercial' });
      await commercial.fill('0.75');
      const body = modal.locator('.modal-body');
      await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(await body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Discard changes?' });
      await expect(question).toBeVisible();
      await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
      await expect(question).toHaveCSS('opacity', '1'); // faded in, for the screenshot
      await page.screenshot({ path: `${SHOTS}/feedback-discard-prompt.png` });
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await expect(question).toBeHidden();
      await expect(commercial).toHaveValue('0.75');

      // Save while scrolled to the bottom: the result is in view, not at the top of the modal.
      await modal.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.getByTestId('toast').filter({ hasText: 'Update Succeeded' });
      await expect(toast).toBeInViewport();
      expect(await body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await expect(modal.locator('.alert-success')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/feedback-toast-scrolled.png` });

      // Saved: closing asks nothing.
      await modal.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);
      expect(
        (await api.get<{ commercialMultiplier: number }>(`/api/customers/${customer.id}`)).commercialMultiplier,
      ).toBe(0.75);

      // The X with an unsaved edit: Discard changes drops it.
      await table.getByRole('button', { name: `Edit customer ${customer.id}` }).click();
      await modal.getByLabel('Contact Name').fill('Someone else');
      await modal.getByRole('button', { name: 'Close dialog' }).click();
      await page
        .getByRole('dialog', { name: 'Discard changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await expect(modal).toBeHidden();
      expect((await api.get<{ contactName: string | null }>(`/api/customers/${customer.id}`)).contactName).toBeNull();
    } finally {
      await api.api.delete(`/api/customers/delete/${customer.id}`);
      await api.dispose();
    }
  });

  test('normal use leaves the console clean: sign-in, every Sales tab, Loaders, Admin, sign-out, the next clerk lands on /sales', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const clerk = { username: `clerk-${uniqueSuffix().toLowerCase()}`, password: 'counter-pass-123' };

    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitSignIn(page, ADMIN.username, ADMIN.password);

    for (const [tab, table] of [
      ['Orders', 'Open Orders'],
      ['Quotes', 'Quotes'],
      ['Customers', 'Customers'],
      ['Vendor Orders', 'Vendor orders'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const panel = page.getByRole('tabpanel', { name: tab, exact: true });
      await expect(panel.getByRole('table', { name: table })).toBeVisible();
      await expect(panel.getByText('Loading...')).toHaveCount(0);
    }

    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Loaders' }).click();
    await expect(page.getByRole('heading', { name: 'Loading Bay 8' })).toBeVisible();
    await page.getByRole('tab', { name: 'Grid Manager' }).click();
    await expect(page.getByRole('table', { name: 'Pickup-ready orders' })).toBeVisible();

    await nav.getByRole('link', { name: 'Admin', exact: true }).click();
    for (const tab of ['Product Catalog', 'Email Management', 'Modify Password', 'Users List / Remove', 'Add Users']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tabpanel', { name: tab, exact: true })).toBeVisible();
    }
    // The admin forms are short: their result banner shows in the viewport.
    const addUsers = page.getByRole('tabpanel', { name: 'Add Users', exact: true });
    await addUsers.getByLabel('New Username').fill(clerk.username);
    await addUsers.getByLabel('New User Password', { exact: true }).fill(clerk.password);
    await addUsers.getByRole('button', { name: 'Add User' }).click();
    const added = addUsers.getByText(`User ${clerk.username} added.`);
    await expect(added).toBeInViewport();
    await page.getByRole('tab', { name: 'Email Management', exact: true }).click();
    const email = page.getByRole('tabpanel', { name: 'Email Management', exact: true });
    await expect(email.getByLabel('Email Order Subject')).not.toHaveValue('');
    await email.getByRole('button', { name: 'Save' }).click();
    await expect(email.getByText('Update Succeeded')).toBeInViewport();

    // Sign out from the Admin area; the next clerk signs in and lands on /sales, not /admin.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitSignIn(page, clerk.username, clerk.password);
    await expect(page.getByRole('tab', { name: 'Orders', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
  });

  test('after a session expiry, another clerk lands on /sales; the same clerk goes back to the page', async ({
    page,
  }) => {
    // The second server's sessions go idle after three seconds.
    const shortUrl = test.info().config.metadata.shortSessionUrl as string;
    const clerk = await createStaffUser(shortUrl, `yard-${uniqueSuffix().toLowerCase()}`);
    const signInHere = async (username: string, password: string) => {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
    };
    await page.goto(`${shortUrl}/login`);
    await signInHere(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/sales$/);
    await page.goto(`${shortUrl}/loaders?tab=grid-manager`);
    await expect(page.getByRole('table', { name: 'Pickup-ready orders' })).toBeVisible();
    // The session goes idle while the administrator is away; the next request answers 401 and
    // the app sends the screen to /login.
    await page.waitForTimeout(4_000);
    await page.getByRole('tab', { name: 'Loading Grid' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Another clerk at the same screen: /sales, not the administrator's page.
    await signInHere(clerk.username, clerk.password);
    await expect(page).toHaveURL(/\/sales$/);

    // The clerk's own session ends on the Grid Manager (the tab is reloaded later): signing in
    // again returns there.
    await page.goto(`${shortUrl}/loaders?tab=grid-manager`);
    await expect(page.getByRole('table', { name: 'Pickup-ready orders' })).toBeVisible();
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await signInHere(clerk.username, clerk.password);
    await expect(page).toHaveURL(/\/loaders\?tab=grid-manager$/);
    await expect(page.getByRole('table', { name: 'Pickup-ready orders' })).toBeVisible();
  });
});

test.afterAll(async ({ baseURL }) => {
  // Remove the clerks the console walk added (usernames start with 'clerk-').
  const api = await request.newContext({ baseURL });
  await api.post('/api/login', { form: { username: ADMIN.username, password: ADMIN.password } });
  const users = (await (await api.get('/api/users/getUsersList')).json()) as { data: { username: string }[] };
  for (const u of users.data.filter((x) => x.username.startsWith('clerk-'))) {
    await api.delete('/api/users/removeUser', { data: { username: u.username } });
  }
  await api.dispose();
});
