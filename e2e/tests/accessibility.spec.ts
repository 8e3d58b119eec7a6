import { expect, test, type Locator, type Page } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { seriousViolations } from './axe.js';
import { ADMIN, createStaffUser, editFromList, listRow, signIn } from './fixtures.js';

/**
 * Issue 19, "tests": axe-core (WCAG 2.2 A and AA) on every screen, modal, tab and popover, failing
 * on any serious or critical violation. Each state is checked where the clerk sees it: the Sales
 * and Admin tabs, the account page, sign-in, the Loading Grid, the order modal with a package line
 * open and its price breakdown popover, the product linker, the confirmations, and the customer,
 * vendor order and product editors, and the dashboard. AXE_SUMMARY=1 prints the violations per rule (the issue's
 * before/after figures).
 *
 * Issue 36, defect 16: the lists are audited with every state they can show, not only the calm one:
 * an overdue vendor order (the Overdue badge) and one still expected, an order waiting on both
 * (its overdue and its on-time "Waiting on" lines), and a stale quote (Expired: past the company's
 * validity days) beside a declined one.
 */

interface Finding {
  state: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Runs axe on the page as it is now and keeps the serious and critical findings under `state`. */
async function audit(page: Page, state: string, findings: Finding[]) {
  // Animations done (a fading modal is half transparent: contrast would be misread); seriousViolations
  // also waits for the shown dialogs and the running transitions.
  await page.waitForTimeout(200);
  for (const v of await seriousViolations(page)) {
    findings.push({ state, rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) });
  }
}

function report(findings: Finding[]) {
  if (process.env.AXE_SUMMARY) {
    const byRule: Record<string, number> = {};
    for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + f.nodes.length;
    console.log('AXE', JSON.stringify({ byRule, states: [...new Set(findings.map((f) => f.state))] }));
  }
  expect(findings.map((f) => `${f.state}: ${f.rule} (${f.impact}) ${f.nodes.slice(0, 5).join(', ')}`)).toEqual([]);
}

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Loading...')).toHaveCount(0);
  return panel;
}

async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('axe-core finds nothing serious or critical', () => {
  test.describe.configure({ timeout: 180_000 });
  let api: AdminApi;
  let s = '';
  let pkg: { id: number; itemNo: string };
  let customer: { id: number; name: string };
  let order: { id: number; jobName: string };
  let staff = '';
  let overdue: { id: number; name: string };
  let quote: { id: number; jobName: string };
  let declined: { id: number; jobName: string };
  let validityBefore: number | null = null;

  test.beforeAll(async ({ baseURL }) => {
    s = uniqueSuffix();
    api = await AdminApi.open(baseURL!);
    pkg = await api.createPackage({
      itemNo: `AX-PKG-${s}`,
      itemDescription: 'Axe sectional door package',
      wholesalePrice: 800,
      multiplierCategory: 'Sectional',
    });
    const part = await api.createProduct({ itemNo: `AX-PRT-${s}`, itemDescription: 'Hinge', wholesalePrice: 4 });
    const lift = await api.createProduct({ itemNo: `AX-LFT-${s}`, itemDescription: 'Lift', modifierCostIncrease: 30 });
    await api.addAssociatedPart(pkg.id, part.id, 2);
    await api.addPackageModifier(pkg.id, { category: 'Lift', name: `Axe lift ${s}`, productId: lift.id, quantity: 1 });
    customer = await api.createCustomer({
      name: `Axe Doors ${s}`,
      customerNo: `AX-${s}`,
      contactName: 'Rae Lind',
      email: `rae.${s.toLowerCase()}@example.com`,
    });
    order = await api.createDocument('order', { customerId: customer.id, jobName: `Axe job ${s}` });
    await api.addLine('order', order.id, pkg.id, 2);
    await api.addLine('order', order.id, part.id, 1);
    // An e-mail in the order's E-mails section (the e2e server writes it to its outbox folder).
    await api.post(`/api/send-emailOrder/${order.id}`, {});
    await api.createVendorOrder({ name: `Axe restock ${s}`, description: 'Springs' });
    // Every state the lists can show: an overdue vendor order and one on time, the order waiting
    // on both, an expired (stale) quote and a declined one.
    overdue = await api.createVendorOrder({
      name: `Axe overdue ${s}`,
      description: 'Torsion springs',
      estimatedArrival: '2020-01-15',
      status: 'Ordered',
    });
    const onTime = await api.createVendorOrder({
      name: `Axe on time ${s}`,
      description: 'Rollers',
      estimatedArrival: '2099-12-01',
      status: 'Shipped',
    });
    for (const v of [overdue, onTime])
      await api.post('/api/linked-orders/create', { order: { id: order.id }, vendorOrder: { id: v.id } });
    const company = await api.get<{ quoteValidityDays: number | null }>('/api/settings/company');
    validityBefore = company.quoteValidityDays;
    await api.put('/api/settings/company', { ...company, quoteValidityDays: 30 });
    quote = await api.post('/api/quotes/create', {
      customer: { id: customer.id },
      jobName: `Axe stale quote ${s}`,
      quoteDate: '2020-02-03',
    });
    declined = await api.post('/api/quotes/create', {
      customer: { id: customer.id },
      jobName: `Axe declined quote ${s}`,
    });
    await api.put(`/api/quotes/update/${declined.id}`, {
      customer: { id: customer.id },
      jobName: declined.jobName,
      quoteStatus: 'Declined',
    });
    staff = (await createStaffUser(baseURL!, `axe${s.toLowerCase()}`)).username;
  });

  test.afterAll(async () => {
    await api.api.delete(`/api/orders/delete/${order.id}`);
    const company = await api.get<object>('/api/settings/company');
    await api.put('/api/settings/company', { ...company, quoteValidityDays: validityBefore });
    await api.dispose();
  });

  test('signed out: the welcome page and sign-in', async ({ page }) => {
    const findings: Finding[] = [];
    await page.goto('/');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await audit(page, 'welcome', findings);
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await audit(page, 'login', findings);
    report(findings);
  });

  test('Sales: orders, the order modal with a package line open, its popover, linker and confirmation', async ({
    page,
  }) => {
    const findings: Finding[] = [];
    await signIn(page, ADMIN.username, ADMIN.password);
    const panel = await openTab(page, 'Orders');
    const orders = panel.getByRole('table', { name: 'Orders' });
    // The filter is applied once typing pauses; audited when its page has arrived (rows are
    // dimmed while a page loads).
    const filtered = page.waitForResponse((r) => r.url().includes('/api/orders') && r.url().includes(s));
    await orders.getByLabel('Filter Job Name').fill(order.jobName);
    await filtered;
    await expect(listRow(orders, order.id)).toBeVisible();
    await expect(orders).toHaveAttribute('aria-busy', 'false');
    // The order waits on the overdue vendor order and on the one still expected.
    await expect(listRow(orders, order.id).getByTestId('waiting-on')).toContainText(
      `Waiting on vendor order ${overdue.id}`,
    );
    await expect(listRow(orders, order.id).getByTestId('waiting-on').getByRole('listitem')).toHaveCount(2);
    await audit(page, 'Sales > Orders, an order waiting on an overdue vendor order', findings);

    const modal = await editFromList(orders, 'order', order.id);
    await modal.getByRole('button', { name: `Expand package line ${pkg.itemNo}` }).click();
    await expect(modal.getByRole('region', { name: 'Package modifiers' })).toBeVisible();
    await expect(modal.getByText(/^Loading/)).toHaveCount(0);
    await audit(page, 'order modal, package line open', findings);

    await modal.getByRole('button', { name: `Price breakdown of ${pkg.itemNo}` }).click();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await audit(page, 'price breakdown popover', findings);
    await modal.getByRole('button', { name: `Price breakdown of ${pkg.itemNo}` }).click();
    await expect(page.getByRole('tooltip')).toBeHidden();

    const details = modal.getByRole('button', { name: `Axe lift ${s}`, exact: true });
    await details.click();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await audit(page, 'modifier details popover', findings);
    await details.click();
    await expect(page.getByRole('tooltip')).toBeHidden();

    await modal.getByRole('button', { name: '+ Add Product' }).click();
    const linker = page.getByRole('dialog', { name: 'Add Product' });
    await expect(linker.getByText('Loading...')).toHaveCount(0);
    await audit(page, 'product linker', findings);
    await closeDialog(linker);

    await modal.getByRole('button', { name: `Delete line AX-PRT-${s}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await expect(confirm).toBeVisible();
    await audit(page, 'confirm modal', findings);
    await closeDialog(confirm);

    // The order's change history, in plain words (the lines added above are in it).
    await modal.getByRole('button', { name: 'History', exact: true }).click();
    const history = modal.getByTestId('history');
    await expect(history.getByRole('listitem').first()).toBeVisible();
    await expect(history).toContainText(`added line`);
    await audit(page, 'order modal, history open', findings);

    // Every e-mail sent for the order, with its delivery state.
    await modal.getByRole('button', { name: 'E-mails', exact: true }).click();
    const emails = modal.getByRole('table', { name: 'E-mails' });
    await expect(emails.getByRole('row').nth(1)).toContainText('Sent');
    await audit(page, 'order modal, e-mails open', findings);
    await closeDialog(modal);

    await page.getByRole('button', { name: 'Create Order' }).click();
    const create = page.getByRole('dialog', { name: 'Create Order' });
    await expect(create.getByText('This section requires the order to be created.').first()).toBeVisible();
    await audit(page, 'order modal, create', findings);
    await closeDialog(create);
    report(findings);
  });

  test('Sales: quotes, customers (details open, editor) and vendor orders (editor)', async ({ page }) => {
    const findings: Finding[] = [];
    await signIn(page, ADMIN.username, ADMIN.password);
    const quotes = (await openTab(page, 'Quotes')).getByRole('table', { name: 'Quotes' });
    const quotesFiltered = page.waitForResponse((r) => r.url().includes('/api/quotes') && r.url().includes(s));
    await quotes.getByLabel('Filter Job Name').fill(`quote ${s}`);
    await quotesFiltered;
    await expect(listRow(quotes, quote.id)).toContainText('Expired');
    await expect(listRow(quotes, declined.id)).toContainText('Declined');
    await expect(quotes).toHaveAttribute('aria-busy', 'false');
    await audit(page, 'Sales > Quotes, an expired and a declined quote', findings);

    const customers = (await openTab(page, 'Customers')).getByRole('table', { name: 'Customers' });
    await customers.getByLabel('Filter Customer Name').fill(customer.name);
    await listRow(customers, customer.id)
      .getByRole('button', { name: `Expand row ${customer.id}` })
      .click();
    await expect(customers.getByRole('group', { name: `Details of ${customer.name}` })).toBeVisible();
    await audit(page, 'Sales > Customers, details open', findings);
    await listRow(customers, customer.id)
      .getByRole('button', { name: `Edit customer ${customer.id}` })
      .click();
    const editor = page.getByRole('dialog', { name: /^Edit Customer/ });
    await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
    await audit(page, 'customer modal', findings);
    await closeDialog(editor);

    const vendorOrders = (await openTab(page, 'Vendor Orders')).getByRole('table', { name: 'Vendor orders' });
    const vendorFiltered = page.waitForResponse((r) => r.url().includes('/api/vendor-orders') && r.url().includes(s));
    await vendorOrders.getByLabel('Filter Name').fill(s);
    await vendorFiltered;
    await expect(listRow(vendorOrders, overdue.id)).toContainText('Overdue');
    await expect(vendorOrders).toHaveAttribute('aria-busy', 'false');
    await audit(page, 'Sales > Vendor Orders, overdue and on time', findings);
    await page.getByRole('button', { name: 'Create Vendor Order' }).click();
    const vendor = page.getByRole('dialog', { name: 'Create Vendor Order' });
    await expect(vendor).toBeVisible();
    await audit(page, 'vendor order modal', findings);
    await closeDialog(vendor);

    // Find (Ctrl+K) with its results listed.
    await page.keyboard.press('Control+K');
    const find = page.getByRole('dialog', { name: 'Find' });
    await find.getByRole('combobox', { name: 'Find' }).fill(customer.name);
    await expect(find.getByRole('option').first()).toBeVisible();
    await audit(page, 'Find dialog with results', findings);
    await page.keyboard.press('Escape');
    await expect(find).toBeHidden();
    report(findings);
  });

  test('Admin tabs, the product editor and a confirmation; the account page; the Loading Grid', async ({ page }) => {
    const findings: Finding[] = [];
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin');
    const catalog = (await openTab(page, 'Product Catalog')).getByRole('table').first();
    // As for the orders: audited once the filtered page has arrived.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/products') && r.url().includes(s));
    await catalog.getByLabel('Filter Item No').fill(pkg.itemNo);
    await filtered;
    await expect(listRow(catalog, pkg.id)).toBeVisible();
    await expect(catalog).toHaveAttribute('aria-busy', 'false');
    await audit(page, 'Admin > Product Catalog', findings);
    await listRow(catalog, pkg.id)
      .getByRole('button', { name: `Edit product ${pkg.id}` })
      .click();
    const editor = page.getByRole('dialog', { name: /Product/ });
    // Open, with the product read (a count of 0 'Loading' alone held before the dialog was there).
    await expect(editor.getByRole('textbox', { name: 'Item No' })).toHaveValue(pkg.itemNo);
    await expect(editor.getByText(/^Loading/)).toHaveCount(0);
    await audit(page, 'product editor', findings);
    await closeDialog(editor);

    // The bulk price change, with its preview on screen (nothing is applied).
    await page.getByRole('button', { name: 'Bulk price change' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk price change' });
    await bulk.getByLabel('Item No starts with').fill(pkg.itemNo);
    await bulk.getByLabel(/^Percent/).fill('5');
    await bulk.getByRole('button', { name: 'Preview' }).click();
    await expect(bulk.getByRole('button', { name: 'Apply to 1 product' })).toBeEnabled();
    await audit(page, 'bulk price change preview', findings);
    await closeDialog(bulk);

    // Admin > Import with a preview that shows a problem (nothing is imported).
    const importTab = await openTab(page, 'Import');
    await importTab.getByLabel(/File \(CSV or XLSX/).setInputFiles({
      name: 'parts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Item No,Wholesale Price\nAXE-IMPORT-1,abc\n'),
    });
    await importTab.getByRole('button', { name: 'Preview' }).click();
    await expect(importTab.getByRole('region', { name: 'Problems, by row' })).toBeVisible();
    await audit(page, 'Admin > Import preview', findings);

    for (const tab of ['Email Management', 'Company', 'Modify Password', 'Add Users', 'Security']) {
      await openTab(page, tab);
      await audit(page, `Admin > ${tab}`, findings);
    }
    const users = await openTab(page, 'Users List / Remove');
    await audit(page, 'Admin > Users List / Remove', findings);
    await users.getByRole('button', { name: `Delete ${staff}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await audit(page, 'delete user confirmation', findings);
    await closeDialog(confirm);

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await audit(page, 'account page', findings);

    await page.goto('/loaders');
    await expect(page.locator('.bay-table').first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await audit(page, 'Loading Grid', findings);

    // The dashboard with its figures on screen (the charts drawn, the tables filled).
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: /^Sales by week: the numbers/ })).toBeVisible();
    await audit(page, 'Dashboard', findings);
    report(findings);
  });
});
