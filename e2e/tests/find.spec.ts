import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, signIn, test } from './fixtures.js';

/**
 * Issue 20, "Find anything": from any signed-in page, Ctrl+K opens Find; typing lists the matches
 * by kind; the arrow keys and Enter open the record in its modal, on its list. Keyboard only.
 */
test('Ctrl+K finds a customer and an order by what was typed; Enter opens each in its modal', async ({ page, api }) => {
  const s = uniqueSuffix();
  const customer = await api.createCustomer({ name: `Findable Crème ${s}`, customerNo: `FC-${s}` });
  const order = await api.createDocument('order', { customerId: customer.id, jobName: `Find job ${s}` });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/loaders');
  await expect(page.getByRole('tab', { name: 'Loading Grid' })).toBeVisible();

  await page.keyboard.press('Control+K');
  const find = page.getByRole('dialog', { name: 'Find' });
  const box = find.getByRole('combobox', { name: 'Find' });
  await expect(box).toBeFocused();
  // Accents and case are ignored.
  await page.keyboard.type(`findable creme ${s.toLowerCase()}`);
  const options = find.getByRole('option');
  await expect(options.first()).toContainText(`Findable Crème ${s}`);
  await expect(find.getByRole('group', { name: 'Orders' })).toContainText(`Order #${order.id}`);

  // The first match is the customer: Enter opens it.
  await page.keyboard.press('Enter');
  await expect(find).toBeHidden();
  const customerModal = page.getByRole('dialog', { name: /Customer/ });
  await expect(customerModal.getByLabel('Customer Name')).toHaveValue(`Findable Crème ${s}`);
  await expect(page).toHaveURL(/\/sales\?tab=customers$/);
  await page.keyboard.press('Escape');
  await expect(customerModal).toBeHidden();

  // Then the order, by its number, with the arrow keys.
  await page.keyboard.press('Control+K');
  await page.keyboard.type(`#${order.id}`);
  await expect(find.getByRole('group', { name: 'Orders' })).toContainText(`Order #${order.id}`);
  const orderOption = find.getByRole('option', { name: new RegExp(`^Order #${order.id}\\b`) });
  for (let i = 0; i < 10 && (await orderOption.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(orderOption).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const orderModal = page.getByRole('dialog', { name: /^Edit Order/ });
  await expect(orderModal.getByLabel('Job Name')).toHaveValue(`Find job ${s}`);
  await expect(page).toHaveURL(/\/sales\?tab=orders$/);
});
