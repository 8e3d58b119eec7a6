import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, openFromList, signIn, test } from './fixtures.js';

/**
 * Issue 36, friction: loose parts at a price and a vendor order from the order. With "Price loose
 * parts" on, a plain part on a new order is priced, not struck, and its '?' popover says why; the
 * order's "Order from vendor" opens the vendor order dialog over the order (where the clerk is
 * looking), creates it linked, and the link picker names each vendor order's status and ETA.
 */
const SHOTS = process.env.SHOTS_DIR;

test('a priced loose part, and a vendor order created from the order already linked', async ({ page, api }) => {
  test.setTimeout(60_000);
  const s = uniqueSuffix();
  const original = await api.get<Record<string, unknown>>('/api/settings/company');
  await api.put('/api/settings/company', { ...original, priceLooseParts: true });
  try {
    const customer = await api.createCustomer({ name: `Delta Garage ${s}`, openerMultiplier: 0.95 });
    const opener = await api.createProduct({
      itemNo: `OPN-${s}`,
      itemDescription: 'Jackshaft opener',
      wholesalePrice: 312.4,
      multiplierCategory: 'Opener',
      productType: 'Hardware',
    });
    await api.createVendorOrder({ name: `Clopay PO ${s}`, estimatedArrival: '2026-01-05', status: 'Ordered' });
    const jobName = `Counter sale ${s}`;
    const order = await api.createDocument('order', { customerId: customer.id, jobName });
    await api.addLine('order', order.id, opener.id, 2);

    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    const orders = page
      .getByRole('tabpanel', { name: 'Orders', exact: true })
      .getByRole('table', { name: 'Open Orders' });
    const modal = await openFromList(orders, 'order', order);

    // 312.40 x 0.95 = 296.78 a unit, 593.56 the line, not struck.
    const row = modal.getByRole('table', { name: 'Product Cart' }).getByRole('row').filter({ hasText: opener.itemNo });
    await expect(row.getByText('593.56')).toBeVisible();
    await expect(row.getByText('593.56')).not.toHaveClass(/line-through/);
    await row.getByRole('button', { name: `Price breakdown of ${opener.itemNo}` }).click();
    await expect(page.getByRole('tooltip')).toContainText('A loose part: unit price × quantity');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/loose-part-popover-1366.png` });
    await page.keyboard.press('Escape');

    // The picker names status and ETA.
    const picker = modal.getByLabel('Vendor Order', { exact: true });
    await picker.fill(`Clopay PO ${s}`);
    await expect(page.getByRole('option', { name: `Clopay PO ${s} - Ordered - ETA 2026-01-05` })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/link-picker-1366.png` });
    await picker.press('Escape');

    await modal.getByRole('button', { name: 'Order from vendor' }).click();
    const create = page.getByRole('dialog', { name: `Create Vendor Order for order ${order.id}` });
    await expect(create).toBeVisible();
    await expect(create.getByLabel(/Name/)).toBeFocused();
    await create.getByLabel(/Name/).fill(`Amarr PO ${s}`);
    await create.getByLabel('Estimated Arrival').fill('2026-12-04');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-from-vendor-1366.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-from-vendor-1024.png` });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(create).toBeHidden();
    await expect(modal).toBeVisible();
    const linked = modal.getByRole('table', { name: 'Linked vendor orders' });
    await expect(linked.getByRole('row').filter({ hasText: `Amarr PO ${s}` })).toContainText('2026-12-04');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/linked-1024.png` });
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('tab', { name: 'Company', exact: true }).click();
    const toggle = page.getByRole('switch', { name: 'Price loose parts' });
    await expect(toggle).toBeChecked();
    await toggle.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/company-tab-1024.png` });
  } finally {
    const now = await api.get<Record<string, unknown>>('/api/settings/company');
    await api.put('/api/settings/company', { ...now, priceLooseParts: false });
  }
});
