import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, editFromList, listRow, openQuoteForEdit, signIn, test } from './fixtures.js';

/**
 * Issue 5: the will-call yard (Pickup Ready, Grid Manager, Loading Grid, Complete Orders, Closed
 * Orders), a quote PDF, the e-mail settings and a staff user's whole life. Orders, quotes and
 * their lines are set up through the API; the steps under test are done on screen.
 */

const PDFTOTEXT = '/usr/bin/pdftotext';

test.describe('loaders and admin', () => {
  test('two pickup-ready orders go to bays 1 and 2; bay 1 is completed and is then a closed order', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    const s = uniqueSuffix();
    const pkg = await api.createPackage({
      itemNo: `PKG-${s}`,
      itemDescription: '9x7 steel sectional door package',
      wholesalePrice: 640,
    });
    const roller = await api.createProduct({ itemNo: `RLR-${s}`, itemDescription: 'Nylon roller', wholesalePrice: 3 });
    const seal = await api.createProduct({ itemNo: `SEAL-${s}`, itemDescription: 'Bottom seal', wholesalePrice: 25 });
    await api.addAssociatedPart(pkg.id, roller.id, 4);
    // Two customers: Complete Orders completes a customer's current load.
    const first = await api.createCustomer({ name: `Ridgeway Homes ${s}`, customerNo: `RH-${s}` });
    const second = await api.createCustomer({ name: `Oak Valley Storage ${s}`, customerNo: `OV-${s}` });
    const orderOne = await api.createDocument('order', { customerId: first.id, jobName: `Will-call one ${s}` });
    const orderTwo = await api.createDocument('order', { customerId: second.id, jobName: `Will-call two ${s}` });
    await api.addLine('order', orderOne.id, pkg.id, 2);
    await api.addLine('order', orderOne.id, seal.id, 1);
    await api.addLine('order', orderTwo.id, pkg.id, 1);

    try {
      await signIn(page, ADMIN.username, ADMIN.password);

      // ---- Sales > Orders: tick Pickup Ready on both and save ----
      const ordersPanel = page.getByRole('tabpanel', { name: 'Orders', exact: true });
      const openOrders = ordersPanel.getByRole('table', { name: 'Open Orders' });
      await openOrders.getByLabel('Filter Job Name').fill(s);
      for (const order of [orderOne, orderTwo]) {
        const modal = await editFromList(openOrders, 'order', order.id);
        await expect(modal.getByRole('heading', { name: /^Edit Order/ })).toContainText(`ID ${order.id}`);
        const pickup = modal.getByRole('checkbox', { name: 'Pickup Ready' });
        await expect(pickup).not.toBeChecked();
        await pickup.check();
        await modal.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(page.getByTestId('toast').getByText('Update Succeeded')).toBeVisible();
        await expect(modal.getByRole('checkbox', { name: 'Pickup Ready' })).toBeChecked();
        await modal.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(modal).toBeHidden();
      }

      // ---- Loaders > Grid Manager: bays 1 and 2, In Bay, Place in Bay ----
      await page.getByRole('navigation').getByRole('link', { name: 'Loaders' }).click();
      await page.getByRole('tab', { name: 'Grid Manager' }).click();
      const pickupTable = page.getByRole('table', { name: 'Pickup-ready orders' });
      for (const [order, bay, customer] of [
        [orderOne, 1, first],
        [orderTwo, 2, second],
      ] as const) {
        const row = listRow(pickupTable, order.id);
        await expect(row).toContainText(customer.name);
        await expect(row).toContainText(order.jobName);
        await pickupTable
          .getByRole('combobox', { name: `Bay Assignment: order ${order.id}` })
          .selectOption(`Bay ${bay}`);
        await pickupTable.getByRole('checkbox', { name: `In Bay: order ${order.id}` }).check();
      }
      await expect(page.getByText('Unsaved changes')).toBeVisible();
      await page.getByRole('button', { name: 'Place in Bay' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Update completed successfully!' })).toBeVisible();
      await expect(page.getByText('Unsaved changes')).toBeHidden();
      // The reloaded list keeps what was saved.
      await expect(pickupTable.getByRole('combobox', { name: `Bay Assignment: order ${orderOne.id}` })).toHaveValue(
        '1',
      );
      await expect(pickupTable.getByRole('combobox', { name: `Bay Assignment: order ${orderTwo.id}` })).toHaveValue(
        '2',
      );
      await expect(pickupTable.getByRole('checkbox', { name: `In Bay: order ${orderOne.id}` })).toBeChecked();
      await expect(pickupTable.getByRole('checkbox', { name: `In Bay: order ${orderTwo.id}` })).toBeChecked();

      // ---- Loading Grid: each bay's lines; priced rows are green ----
      await page.getByRole('tab', { name: 'Loading Grid' }).click();
      const bayOne = page.getByRole('region', { name: 'Loading Bay 1' });
      const bayTwo = page.getByRole('region', { name: 'Loading Bay 2' });
      await expect(bayOne).toContainText(first.name);
      await expect(bayOne).toContainText(orderOne.jobName);
      await expect(bayOne).toContainText(`Order #${orderOne.id}`);
      // Order one: the package line (2, priced 1,280.00: green), its rollers 4 per door x 2 = 8,
      // and the seal line (a plain part, price 0: not green).
      await expectBayRow(bayOne, pkg.itemNo, '2', true);
      await expectBayRow(bayOne, roller.itemNo, '8', false);
      await expectBayRow(bayOne, seal.itemNo, '1', false);
      await expect(bayOne).toContainText('3 lines');
      await expect(bayTwo).toContainText(second.name);
      await expect(bayTwo).toContainText(`Order #${orderTwo.id}`);
      await expectBayRow(bayTwo, pkg.itemNo, '1', true);
      await expectBayRow(bayTwo, roller.itemNo, '4', false);
      await page.screenshot({ path: 'test-results/screenshots/loading-grid-e2e.png', fullPage: true });

      // ---- Complete bay 1 ----
      const completeOne = bayOne.getByRole('checkbox', { name: 'Complete Order' });
      await expect(completeOne).toBeEnabled();
      await completeOne.check();
      await page.getByRole('button', { name: 'Complete Orders' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Orders successfully completed.' })).toBeVisible();
      await expect(bayOne).toContainText('No data available for this bay');
      await expect(bayOne.getByRole('checkbox', { name: 'Complete Order' })).toBeDisabled();
      await expect(bayTwo).toContainText(second.name); // bay 2 is untouched

      // ---- Sales > Orders: order one is closed (Completed), order two still open ----
      await page.getByRole('navigation').getByRole('link', { name: 'Sales' }).click();
      await openOrders.getByLabel('Filter Job Name').fill(s);
      await expect(listRow(openOrders, orderTwo.id)).toBeVisible();
      await expect(listRow(openOrders, orderOne.id)).toHaveCount(0);
      await ordersPanel.getByRole('switch', { name: 'Closed Orders' }).click();
      const closedOrders = ordersPanel.getByRole('table', { name: 'Closed Orders' });
      await closedOrders.getByLabel('Filter Job Name').fill(orderOne.jobName);
      const closedRow = listRow(closedOrders, orderOne.id);
      await expect(closedRow).toBeVisible();
      await expect(closedRow.getByRole('cell').nth(1)).toHaveText(orderOne.jobName);
      await expect(closedRow.getByRole('cell').nth(4)).toHaveText(first.name);
      await expect(closedRow.getByRole('cell').nth(6)).toHaveText('Completed');
    } finally {
      // Leave bay 2 empty for whoever comes next.
      // (Not asserted: when an earlier step failed, the order may not be in the yard at all.)
      await api.clearBays([orderTwo]);
    }
  });

  test('Download Quote saves the server-made PDF as "{customer} - {job} - QuoteID {n}.pdf"', async ({
    page,
    api,
  }, testInfo) => {
    const s = uniqueSuffix();
    const pkg = await api.createPackage({
      itemNo: `PKG-${s}`,
      itemDescription: '8x7 carriage house door package',
      wholesalePrice: 640,
    });
    const customer = await api.createCustomer({ name: `Pinecrest Builders ${s}`, customerNo: `PB-${s}`, useTax: true });
    const jobName = `Garage ${s}`;
    const quote = await api.createDocument('quote', { customerId: customer.id, jobName });
    await api.addLine('quote', quote.id, pkg.id, 2);

    await signIn(page, ADMIN.username, ADMIN.password);
    const modal = await openQuoteForEdit(page, { id: quote.id, jobName });
    // No category: 640.00 x 1 = 640.00 a door, 1,280.00 for two; tax round(1,280.00 x 0.0975)
    // = 124.80; total 1,404.80.
    const totalCell = modal
      .getByRole('table', { name: 'Pricing' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Total', exact: true }) })
      .getByRole('cell');
    await expect(totalCell).toHaveText('1,404.80');
    const total = (await totalCell.textContent())!.trim();

    const downloading = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Download Quote' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${customer.name} - ${jobName} - QuoteID ${quote.id}.pdf`);
    const file = testInfo.outputPath('quote.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (existsSync(PDFTOTEXT)) {
      // Content-stream order with whitespace folded: a name wrapped in its cell reads as one run.
      const text = execFileSync(PDFTOTEXT, ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(jobName);
      expect(text).toContain(customer.name);
      expect(text).toContain(total);
    }
  });

  test('Email Management: a new quote subject shows Saving..., is saved and is kept after a reload', async ({
    page,
    api,
  }) => {
    const original = await api.get<Record<string, unknown>>('/api/grabAutoEmailConfig');
    const subject = `Your quote {documentNumber} for {jobName} (${uniqueSuffix()})`;
    try {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true }).click();
      await page.getByRole('tab', { name: 'Email Management' }).click();
      const field = page.getByLabel('Email Quote Subject');
      await expect(field).toHaveValue(String(original.quoteSubject));
      await field.fill(subject);

      // Hold the save until 'Saving...' has been seen, so the busy state is checked, not raced.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/updateAutoEmailConfig', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      release();
      await expect(page.getByRole('alert').filter({ hasText: 'Update Succeeded' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
      await page.unroute('**/api/updateAutoEmailConfig');

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Email Management' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Email Quote Subject')).toHaveValue(subject);
      await expect(page.getByLabel('Email Order Subject')).toHaveValue(String(original.orderSubject));
    } finally {
      // Put the settings back for the specs that follow.
      const current = await api.get<{ version: number }>('/api/grabAutoEmailConfig');
      await api.post('/api/updateAutoEmailConfig', { ...original, version: current.version });
    }
  });

  test('Add Users: a new staff user signs in without Admin, changes their password and is removed', async ({
    page,
  }) => {
    const username = `clerk.${uniqueSuffix().toLowerCase()}`;
    const password = 'First-pass-coil-2031';
    const newPassword = 'Second-pass-coil-2032';

    // The administrator adds them.
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin?tab=add-users');
    await page.getByLabel('New Username').fill(username);
    await page.getByLabel('New User Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `User ${username} added.` })).toBeVisible();
    await expect(page.getByLabel('New Username')).toHaveValue(''); // the form is cleared
    await signOut(page);

    // They sign in: no Admin link, and /admin sends them to /sales.
    await signIn(page, username, password);
    const nav = page.getByRole('navigation');
    await expect(nav.getByText(username, { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sales' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/sales$/);
    expect((await page.request.get('/api/users/getUsersList')).status()).toBe(403);

    // Modify Password lives in /admin, out of their reach: they change it through the API,
    // in their own session.
    const changed = await page.request.put('/api/users/modifyCredentials', {
      data: { username, oldPassword: password, password: newPassword },
    });
    expect(changed.status()).toBe(200);
    await signOut(page);

    // The old password no longer works; the new one does.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid username or password.')).toBeVisible();
    await signIn(page, username, newPassword);
    await signOut(page);

    // The administrator removes them; the row goes.
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('tab', { name: 'Users List / Remove' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByLabel('Filter Username').fill(username);
    const row = users.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Staff');
    await row.getByRole('button', { name: `Delete ${username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await expect(confirm).toContainText(`Are you sure you would like to delete the user ${username}?`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('User delete successful')).toBeVisible();
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    const list = await page.request.get('/api/users/getUsersList');
    const names = ((await list.json()) as { data: { username: string }[] }).data.map((u) => u.username);
    expect(names).not.toContain(username);
  });
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A list row by its ID cell. */
/** A bay's row for an item: its quantity, and whether it is highlighted as priced. */
async function expectBayRow(bay: Locator, itemNo: string, quantity: string, priced: boolean) {
  const row = bay.getByRole('row').filter({ has: bay.page().getByRole('cell', { name: itemNo, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText(quantity);
  if (priced) await expect(row).toHaveClass(/\btable-success\b/);
  else await expect(row).not.toHaveClass(/\btable-success\b/);
}
