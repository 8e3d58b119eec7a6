import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, listRow, openFromList, signIn, test } from './fixtures.js';

/**
 * Issue 16, live documents: an open order modal learns that another clerk saved the order (a live
 * `document` event) before its own save would meet the 409, and Reload shows the change.
 */
test('an open order says "Changed by" as soon as another clerk saves it; Reload shows the change; the list offers a refresh', async ({
  page,
  api,
  otherClerk: other,
}) => {
  const s = uniqueSuffix();
  const customer = await api.createCustomer({ name: `Live Doc ${s}`, customerNo: `LD-${s}` });
  const order = await api.createDocument('order', { customerId: customer.id, jobName: `Live doc ${s}` });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Orders', exact: true }).click();
  const orders = page.getByRole('table', { name: 'Orders' });
  const modal = await openFromList(orders, 'order', order);
  await expect(modal.getByLabel('Job Name')).toHaveValue(order.jobName);

  // Another clerk, in another browser, saves the same order.
  const current = await (await other.page.request.get(`/api/orders/${order.id}`)).json();
  const saved = await other.page.request.put(`/api/orders/update/${order.id}`, {
    data: { customer: customer.id, jobName: `${order.jobName} (changed)`, version: current.data.version },
  });
  expect(saved.ok()).toBe(true);
  const started = Date.now();
  const notice = modal.getByTestId('changed-elsewhere');
  await expect(notice).toContainText(`Changed by ${other.username} just now`, { timeout: 3000 });
  console.log(`[live] the open modal heard of the other save ${Date.now() - started} ms after it`);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(modal.getByLabel('Job Name')).toHaveValue(`${order.jobName} (changed)`);
  await expect(notice).toHaveCount(0);

  // The list behind the modal was not moved under the clerk: it offers to read it again.
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  const hint = page.getByRole('button', { name: 'New changes - refresh' });
  await expect(hint).toBeVisible();
  await hint.click();
  await expect(hint).toHaveCount(0);
  await expect(listRow(orders, order.id)).toContainText(`${order.jobName} (changed)`);
});

test('the customer list offers a refresh when another clerk adds a customer, and the refresh shows it', async ({
  page,
  otherClerk: other,
}) => {
  const s = uniqueSuffix();
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Customers', exact: true }).click();
  const customers = page.getByRole('table', { name: 'Customers' });
  await customers.getByLabel('Filter Customer Name').fill(`Live Cust ${s}`);
  await expect(customers.getByText('No customers found')).toBeVisible();

  const made = await other.page.request.post('/api/customers/create', { data: { name: `Live Cust ${s}` } });
  expect(made.ok()).toBe(true);
  const hint = page.getByRole('button', { name: 'New changes - refresh' });
  await expect(hint).toBeVisible({ timeout: 3000 });
  // Nothing moved by itself.
  await expect(customers.getByText('No customers found')).toBeVisible();
  await hint.click();
  await expect(hint).toHaveCount(0);
  await expect(customers.getByText(`Live Cust ${s}`)).toBeVisible();
});
