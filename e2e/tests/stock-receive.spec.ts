import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, listRow, signIn, test } from './fixtures.js';

/**
 * Issue 33 (docs/stock.md): a vendor order received line by line in its modal. The yard scans
 * one part twice (2 of 5), receives it, then types the other line's full quantity; once every
 * line is in, the vendor order reads Received and the stock list shows what arrived.
 */
const SHOTS = process.env.SHOTS_DIR;

test('a vendor order received line by line, with the scan box', async ({ page, api }) => {
  test.setTimeout(90_000);
  const s = uniqueSuffix();
  const spring = await api.createProduct({ itemNo: `RSP-${s}`, itemDescription: 'Torsion spring 0.250 x 2 x 32' });
  const track = await api.createProduct({ itemNo: `RTK-${s}`, itemDescription: 'Track kit 12 ft' });
  const vendorOrder = await api.createVendorOrder({
    name: `Spring PO ${s}`,
    estimatedArrival: '2026-12-20',
    status: 'Ordered',
  });
  await api.post(`/api/vendor-orders/${vendorOrder.id}/lines`, {
    productId: spring.id,
    quantity: 5,
    unitCostCents: 4250,
  });
  await api.post(`/api/vendor-orders/${vendorOrder.id}/lines`, { productId: track.id, quantity: 2 });

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'Vendor Orders', exact: true }).click();
  const list = page.getByRole('table', { name: 'Vendor orders' });
  await list.getByLabel('Filter Name').fill(`Spring PO ${s}`);
  await listRow(list, vendorOrder.id)
    .getByRole('button', { name: `Edit vendor order ${vendorOrder.id}` })
    .click();
  const modal = page.getByRole('dialog', { name: /Edit Vendor Order/ });
  const lines = modal.getByRole('table', { name: 'Vendor order lines' });
  await expect(lines.getByRole('textbox', { name: `Unit cost of ${spring.itemNo}` })).toHaveValue('42.50');

  // The yard scans the spring twice: 2 of the 5.
  const scan = modal.getByLabel('Scan or type an item number, then Enter');
  await scan.fill(spring.itemNo);
  await scan.press('Enter');
  await scan.fill(spring.itemNo.toLowerCase());
  await scan.press('Enter');
  await expect(modal.getByText(`${spring.itemNo}: receiving 2 of 5 outstanding.`)).toBeVisible();
  await scan.fill('NOT-ON-IT');
  await scan.press('Enter');
  await expect(modal.getByText('NOT-ON-IT is not on this vendor order.')).toBeVisible();
  await expect(modal.getByRole('spinbutton', { name: `Receive now of ${spring.itemNo}` })).toHaveValue('2');
  await modal.getByLabel('Note (optional)').fill('first pallet');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-receive-1366.png` });
  await modal.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(modal.getByText('Received 2 units on 1 line.')).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: spring.itemNo }).getByRole('cell').nth(4)).toHaveText('3');

  // The rest: 3 springs and the 2 track kits.
  await modal.getByRole('spinbutton', { name: `Receive now of ${spring.itemNo}` }).fill('3');
  await modal.getByRole('spinbutton', { name: `Receive now of ${track.itemNo}` }).fill('2');
  await modal.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(modal.getByText(/Every line is in: the vendor order is Received\./)).toBeVisible();
  await expect(modal.getByLabel('Status')).toHaveValue('Received');
  // The clerk's place is kept: the outcome is in view, not the top of the form.
  await expect(modal.getByText(/Every line is in/)).toBeInViewport();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-received-1366.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-received-1024.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-received-1920.png` });

  // One spring more than was ordered: the server refuses (409), the clerk receives the extra anyway.
  await page.setViewportSize({ width: 1366, height: 768 });
  await modal.getByRole('spinbutton', { name: `Receive now of ${spring.itemNo}` }).fill('1');
  await modal.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(modal.getByText('More than is outstanding')).toBeVisible();
  await expect(modal.getByText(/0 outstanding/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-receive-over-1366.png` });
  await modal.getByRole('button', { name: 'Receive more than outstanding' }).click();
  await expect(modal.getByText(/^Received 1 unit on 1 line\./)).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: spring.itemNo }).getByRole('cell').nth(3)).toHaveText('6');

  const stock = await api.get<{ items: Array<{ itemNo: string; onHand: number }> }>(
    `/api/stock?page=1&size=10&itemNo=${encodeURIComponent(`RSP-${s}`)}`,
  );
  expect(stock.items.map((r) => [r.itemNo, r.onHand])).toEqual([[spring.itemNo, 6]]);
});
