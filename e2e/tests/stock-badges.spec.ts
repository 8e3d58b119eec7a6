import { expect, type Locator, type Page } from '@playwright/test';
import { dataOf, uniqueSuffix, type AdminApi } from './api-helpers.js';
import { seriousViolations, targets } from './axe.js';
import { editFromList, listRow, signIn, test, ADMIN } from './fixtures.js';

/**
 * Issue 33 (docs/stock.md): the shelf where the clerk quotes and the yard places. An order with a
 * part line short of stock (some due from a vendor) and a package whose sub-parts are one on the
 * shelf, one short with nothing due: the cart shows each in words, the order modal sums it up,
 * and the Grid Manager says which pickup-ready order is ready and which is short. Receiving the
 * vendor order changes the badge without a reload (the live `stock` event), and so does a new
 * quantity in the cart. axe-core (WCAG 2.2 A
 * and AA) on each, and screenshots at 1366x768, 1920x1080 and a 1024x768 tablet in SHOTS_DIR
 * (default test-results/screenshots).
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';
const VIEWPORTS = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: '1024x768', width: 1024, height: 768 },
] as const;

/** Serious and critical axe findings on the page as it is now (after the modal's fade). */
async function axeFindings(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `${v.id} (${v.impact}): ${targets(v)}`);
}

/** A date `days` from today, as the API takes it, and as the badges word it ("Dec 9"). */
function dayFromToday(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const words = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return { iso, words };
}

/** A write the server keeps once per key (docs/stock.md). */
async function postOnce<T>(api: AdminApi, path: string, data: unknown): Promise<T> {
  const res = await api.api.post(path, { data, headers: { 'Idempotency-Key': `e2e-${uniqueSuffix()}` } });
  return dataOf<T>(res);
}

/** The row of a table that holds this item number. */
const rowWith = (table: Locator, itemNo: string) =>
  table.getByRole('row').filter({ has: table.page().getByText(itemNo, { exact: true }) });

test('the cart, the order modal and the Grid Manager say what the shelf holds, in words', async ({ page, api }) => {
  test.setTimeout(120_000);
  const s = uniqueSuffix();
  const due = dayFromToday(10);

  // ---- The shelf: an opener short with 2 due, hinges on the shelf, a track kit short with nothing due.
  const opener = await api.createProduct({
    itemNo: `SB-OPN-${s}`,
    itemDescription: 'Jackshaft opener',
    wholesalePrice: 400,
  });
  const hinge = await api.createProduct({
    itemNo: `SB-HNG-${s}`,
    itemDescription: 'Residential hinge',
    wholesalePrice: 3,
  });
  const track = await api.createProduct({ itemNo: `SB-TRK-${s}`, itemDescription: 'Track kit', wholesalePrice: 90 });
  const pkg = await api.createPackage({
    itemNo: `SB-PKG-${s}`,
    itemDescription: 'Stock badge door package',
    wholesalePrice: 900,
    multiplierCategory: 'Sectional',
  });
  await api.addAssociatedPart(pkg.id, hinge.id, 2);
  await api.addAssociatedPart(pkg.id, track.id, 1);
  await postOnce(api, '/api/stock/adjustments', { productId: hinge.id, quantity: 50, reason: 'initial' });
  const vendorOrder = await api.createVendorOrder({
    name: `Stock badges ${s}`,
    estimatedArrival: due.iso,
    status: 'Ordered',
  });
  const vendorLine = await api.post<{ id: number }>(`/api/vendor-orders/${vendorOrder.id}/lines`, {
    productId: opener.id,
    quantity: 2,
  });

  const customer = await api.createCustomer({ name: `Shelf Doors ${s}`, customerNo: `SB-${s}` });
  const shortOrder = await api.pickupOrder(customer.id, `Short job ${s}`, [
    { productId: opener.id, quantity: 2 },
    { productId: pkg.id, quantity: 1 },
  ]);
  const readyOrder = await api.pickupOrder(customer.id, `Ready job ${s}`, [{ productId: hinge.id, quantity: 4 }]);

  await signIn(page, ADMIN.username, ADMIN.password);

  // ---- The cart: the part line and each sub-part in words, nothing on the package row.
  await page.getByRole('tab', { name: 'Orders', exact: true }).click();
  const orders = page
    .getByRole('tabpanel', { name: 'Orders', exact: true })
    .getByRole('table', { name: 'Open Orders' });
  await orders.getByLabel('Filter Job Name').fill(shortOrder.jobName);
  const dialog = await editFromList(orders, 'order', shortOrder.id);
  const cart = dialog.getByRole('table', { name: 'Product Cart' });
  const openerBadge = rowWith(cart, opener.itemNo).locator('.stock-badge');
  await expect(openerBadge).toHaveText(`Stock: 2 short - 2 due ${due.words}`);
  await expect(rowWith(cart, pkg.itemNo).locator('.stock-badge')).toHaveCount(0);
  await dialog.getByRole('button', { name: `Expand package line ${pkg.itemNo}` }).click();
  const subParts = dialog.getByRole('table', { name: `Sub-parts of ${pkg.itemNo}` });
  await expect(rowWith(subParts, hinge.itemNo).locator('.stock-badge')).toHaveText('Stock: In stock');
  await expect(rowWith(subParts, track.itemNo).locator('.stock-badge')).toHaveText('Stock: 1 short');

  // ---- The order modal: the summary at its top.
  const summary = dialog.getByTestId('stock-summary');
  await expect(summary).toHaveText(`Stock: Short: 2 products, 3 units - next arrival ${due.words}`);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stock-order-modal-${viewport.name}.png` });
    await subParts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stock-sub-parts-${viewport.name}.png` });
  }
  expect(await axeFindings(page)).toEqual([]);

  // ---- The opener arrives: the badge and the summary change without a reload (live `stock` event).
  await postOnce(api, `/api/vendor-orders/${vendorOrder.id}/receive`, {
    lines: [{ lineId: vendorLine.id, quantity: 2 }],
  });
  await expect(openerBadge).toHaveText('Stock: In stock');
  await expect(summary).toHaveText('Stock: Short: 1 product, 1 unit - nothing on order');

  // ---- A cart change asks the shelf again: one more opener than arrived.
  const quantity = dialog.getByRole('spinbutton', { name: `Quantity of ${opener.itemNo}` });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(openerBadge).toHaveText('Stock: 1 short');
  await expect(summary).toHaveText('Stock: Short: 2 products, 2 units - nothing on order');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // ---- The Grid Manager: ready or short before a bay.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/loaders?tab=grid-manager');
  const pickup = page.getByRole('table', { name: 'Pickup-ready orders' });
  await expect(listRow(pickup, shortOrder.id)).toContainText('Stock: 2 short');
  await expect(listRow(pickup, readyOrder.id)).toContainText('Stock: Ready');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await listRow(pickup, shortOrder.id).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stock-grid-manager-${viewport.name}.png` });
  }
  expect(await axeFindings(page)).toEqual([]);
});
