import { expect, type Locator } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, listRow, signIn, test } from './fixtures.js';

/**
 * Issue 4: a quote from catalogue to order. The catalogue and the customer are set up through
 * the API; the quote, its modifiers, sub-parts, notes and override, the export, the duplicate
 * and the vendor-order link are all done on screen, and every number shown is checked against
 * the hand calculation below (docs/architecture.md section 1, docs/product.md section 9).
 */

/** Cents as the cart shows them: two decimals, thousands separated ('2,362.30'). */
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A cell whose text starts with the amount (the Line Price cell also holds badges and the '?' button). */
const startsWithAmount = (amount: string) => new RegExp(`^\\s*${escapeRe(amount)}(?![\\d.,])`);

// ---- The hand calculation, in integer cents -------------------------------------------------
// Package: wholesale 1,234.55, category Sectional; the customer's Sectional multiplier is 0.9.
//   1,234.55 x 0.9 = 1,111.095 -> rounded half away from zero once per unit -> 1,111.10
const WHOLESALE = 123455;
const BASE_UNIT = Math.round((WHOLESALE * 9) / 10); // 111109.5 -> 111110 = 1,111.10
// Modifier costs (product.modifierCostIncrease x modifier quantity):
//   Lift    (High-lift kit, +45.25) x 1 = 45.25
//   Springs (Torsion spring, +12.40) x 2 = 24.80
//   Windows (+30.00) is offered on the package but not applied: it adds nothing.
const LIFT_COST = 4525 * 1;
const SPRINGS_COST = 1240 * 2;
// Unit = 1,111.10 + 45.25 + 24.80 = 1,181.15; line (quantity 2) = 2,362.30.
const UNIT = BASE_UNIT + LIFT_COST + SPRINGS_COST;
const PACKAGE_QTY = 2;
const PACKAGE_LINE = UNIT * PACKAGE_QTY;
// Plain part: wholesale 89.99, no category (x 1), quantity 3. Not a package, so it shows
// 89.99 / 269.97 struck through and counts 0 -- until its price is overridden to 150.00.
const PLAIN_UNIT = 8999;
const PLAIN_QTY = 3;
const OVERRIDE = 15000;
// Before the override: subtotal 2,362.30; tax round(2,362.30 x 0.0975 = 230.32425) = 230.32;
// total 2,592.62.
const SUB_BEFORE = PACKAGE_LINE + 0;
const TAX_BEFORE = Math.round((SUB_BEFORE * 975) / 10000);
// After: subtotal 2,362.30 + 150.00 = 2,512.30; tax round(2,512.30 x 0.0975 = 244.94925) =
// 244.95; total 2,512.30 + 244.95 = 2,757.25.
const SUB_TOTAL = PACKAGE_LINE + OVERRIDE;
const TAX = Math.round((SUB_TOTAL * 975) / 10000);
const TOTAL = SUB_TOTAL + TAX;

test.describe('quotes, orders and vendor orders', () => {
  test('the hand calculation is the one written out above', () => {
    expect(money(BASE_UNIT)).toBe('1,111.10');
    expect(money(UNIT)).toBe('1,181.15');
    expect(money(PACKAGE_LINE)).toBe('2,362.30');
    expect([money(SUB_BEFORE), money(TAX_BEFORE), money(SUB_BEFORE + TAX_BEFORE)]).toEqual([
      '2,362.30',
      '230.32',
      '2,592.62',
    ]);
    expect([money(SUB_TOTAL), money(TAX), money(TOTAL)]).toEqual(['2,512.30', '244.95', '2,757.25']);
  });

  test('build a priced quote, export it, duplicate the order and link a vendor order', async ({ page, api }) => {
    test.setTimeout(120_000);
    const s = uniqueSuffix();

    // ---- Setup through the API: catalogue, customer, vendor order ----
    const pkg = await api.createPackage({
      itemNo: `PKG-${s}`,
      itemDescription: '16x7 insulated sectional door package',
      wholesalePrice: WHOLESALE / 100,
      multiplierCategory: 'Sectional',
    });
    const track = await api.createProduct({
      itemNo: `TRK-${s}`,
      itemDescription: 'Track set 7 ft',
      wholesalePrice: 64,
    });
    const roller = await api.createProduct({
      itemNo: `RLR-${s}`,
      itemDescription: 'Nylon roller 13-ball',
      wholesalePrice: 3.1,
    });
    const hinge = await api.createProduct({ itemNo: `HNG-${s}`, itemDescription: 'Hinge kit', wholesalePrice: 18.5 });
    const liftKit = await api.createProduct({
      itemNo: `LFT-${s}`,
      itemDescription: 'High-lift conversion kit',
      wholesalePrice: 120,
      modifierCostIncrease: LIFT_COST / 100,
    });
    const spring = await api.createProduct({
      itemNo: `SPR-${s}`,
      itemDescription: 'Torsion spring 250 lb',
      wholesalePrice: 40,
      modifierCostIncrease: 12.4,
    });
    const windowRow = await api.createProduct({
      itemNo: `WIN-${s}`,
      itemDescription: 'Window row',
      wholesalePrice: 75,
      modifierCostIncrease: 30,
    });
    const seal = await api.createProduct({
      itemNo: `SEAL-${s}`,
      itemDescription: 'Bottom weather seal 16 ft',
      wholesalePrice: PLAIN_UNIT / 100,
    });
    const lock = await api.createProduct({ itemNo: `LCK-${s}`, itemDescription: 'Side lock', wholesalePrice: 9.75 });
    await api.addAssociatedPart(pkg.id, track.id, 2);
    await api.addAssociatedPart(pkg.id, roller.id, 10);
    await api.addAssociatedPart(pkg.id, hinge.id, 1);
    const liftName = `High lift ${s}`;
    const springsName = `Heavy springs ${s}`;
    await api.addPackageModifier(pkg.id, { category: 'Lift', name: liftName, productId: liftKit.id, quantity: 1 });
    await api.addPackageModifier(pkg.id, { category: 'Springs', name: springsName, productId: spring.id, quantity: 2 });
    await api.addPackageModifier(pkg.id, { category: 'Windows', name: `Window row ${s}`, productId: windowRow.id });
    const customer = await api.createCustomer({
      name: `Harbor Door Co ${s}`,
      customerNo: `C-${s}`,
      contactName: 'Mara Quinn',
      email: `mara.${s.toLowerCase()}@example.com`,
      useTax: true,
      sectionalMultiplier: 0.9,
    });
    const vendorOrder = await api.createVendorOrder({
      name: `Clopay restock ${s}`,
      description: 'Springs and rollers',
      estimatedArrival: '2031-05-20',
    });
    const jobName = `Dock doors ${s}`;

    await signIn(page, ADMIN.username, ADMIN.password);

    // ---- Create the quote ----
    await page.getByRole('tab', { name: 'Quotes', exact: true }).click();
    await page.getByRole('button', { name: 'Create Quote' }).click();
    const quote = page.getByRole('dialog', { name: /Quote/ });
    await expect(quote.getByRole('heading', { name: 'Create Quote' })).toBeVisible();
    await expect(quote.getByText('This section requires the quote to be created.')).toBeVisible();
    await pickOption(quote.getByLabel('Customer', { exact: true }), customer.name, customer.name);
    await expect(quote.getByRole('region', { name: 'Selected Customer' })).toContainText(customer.name);
    await expect(quote.getByRole('switch', { name: 'Use Tax' })).toBeChecked(); // follows the customer
    await quote.getByLabel('Job Name').fill(jobName);
    await quote.getByRole('button', { name: 'Create', exact: true }).click();
    // Results are toasts, in view above the modal (issue 11).
    await expect(page.getByTestId('toast').getByText(/^Create succeeded - ID: \d+$/)).toBeVisible();
    await expect(quote.getByRole('heading', { name: /^Edit Quote/ })).toBeVisible();
    await expect(quote.getByText('Sectional 0.9')).toBeVisible();

    // ---- Add the package (quantity 2) and the plain part (quantity 3) ----
    const cart = quote.getByRole('table', { name: 'Product Cart' });
    await quote.getByRole('button', { name: '+ Add Product' }).click();
    const linker = page.getByRole('dialog', { name: 'Add Product' });
    await addProduct(linker, pkg.itemNo, PACKAGE_QTY);
    await addProduct(linker, seal.itemNo, PLAIN_QTY);
    await linker.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(linker).toBeHidden();

    const pkgRow = cartRow(cart, pkg.itemNo);
    const sealRow = cartRow(cart, seal.itemNo);
    // No modifiers yet: 1,111.10 per unit, 2,222.20 for two.
    await expectLine(pkgRow, money(BASE_UNIT), money(BASE_UNIT * PACKAGE_QTY));
    // The plain part: 89.99 and 3 x 89.99 = 269.97, both struck through (not counted).
    await expectLine(sealRow, money(PLAIN_UNIT), money(PLAIN_UNIT * PLAIN_QTY));
    await expect((await cell(sealRow, 'Price Per Unit')).locator('span')).toHaveClass(/line-through/);
    await expect((await cell(sealRow, 'Line Price')).locator('span').first()).toHaveClass(/line-through/);
    await expectTotals(
      quote,
      money(BASE_UNIT * PACKAGE_QTY),
      money(Math.round((BASE_UNIT * PACKAGE_QTY * 975) / 10000)),
    );

    // ---- Expand the package line: its associated parts are its sub-parts ----
    await pkgRow.getByRole('button', { name: `Expand package line ${pkg.itemNo}` }).click();
    const subParts = quote.getByRole('table', { name: `Sub-parts of ${pkg.itemNo}` });
    await expect(subPartRow(subParts, track.itemNo).getByRole('cell').first()).toHaveText('2');
    await expect(subPartRow(subParts, roller.itemNo).getByRole('cell').first()).toHaveText('10');
    await expect(subPartRow(subParts, hinge.itemNo).getByRole('cell').first()).toHaveText('1');
    await expect(quote.getByRole('region', { name: 'LiftNotes modifiers' })).toContainText('No notes added yet');

    // ---- Apply the Lift and Springs modifiers (star on) ----
    await quote.getByRole('button', { name: `Apply modifier ${liftName}` }).click();
    await expect(quote.getByRole('button', { name: `Remove modifier ${liftName}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // 1,111.10 + 45.25 = 1,156.35 per unit, 2,312.70 for two.
    await expectLine(pkgRow, money(BASE_UNIT + LIFT_COST), money((BASE_UNIT + LIFT_COST) * PACKAGE_QTY));
    await quote.getByRole('button', { name: `Apply modifier ${springsName}` }).click();
    await expect(quote.getByRole('button', { name: `Remove modifier ${springsName}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(quote.getByRole('button', { name: `Apply modifier Window row ${s}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The modifiers' parts join the sub-parts (quantity = modifier quantity), tinted.
    await expect(subPartRow(subParts, liftKit.itemNo).getByRole('cell').first()).toHaveText('1');
    await expect(subPartRow(subParts, spring.itemNo).getByRole('cell').first()).toHaveText('2');
    await expect(subPartRow(subParts, spring.itemNo)).toHaveClass(/table-info/);
    // A modifier's part has Edit Notes only; an associated part also Delete.
    await expect(subPartRow(subParts, spring.itemNo).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(
      subPartRow(subParts, hinge.itemNo).getByRole('button', { name: `Delete ${hinge.itemNo}` }),
    ).toBeVisible();

    // ---- Add a sub-part (Add Part) and annotate one ----
    await quote.getByRole('button', { name: '+ Add Part' }).click();
    const partLinker = page.getByRole('dialog', { name: 'Select Product' });
    await addProduct(partLinker, lock.itemNo, 4);
    await partLinker.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(partLinker).toBeHidden();
    await expect(subPartRow(subParts, lock.itemNo).getByRole('cell').first()).toHaveText('4');

    const hingeNote = `Left-hand hinges, job ${s}`;
    await subPartRow(subParts, hinge.itemNo)
      .getByRole('button', { name: `Edit notes of ${hinge.itemNo}` })
      .click();
    const notes = page.getByRole('dialog', { name: `Edit Notes - ${hinge.itemNo}` });
    await notes.getByLabel('Notes').fill(hingeNote);
    await notes.getByRole('button', { name: 'Submit' }).click();
    await expect(notes).toBeHidden();
    await expect(subPartRow(subParts, hinge.itemNo).getByRole('cell').nth(4)).toHaveText(hingeNote);

    // Sub-parts do not change the price: unit 1,181.15, line 2,362.30, plain part still 0.
    await expectLine(pkgRow, money(UNIT), money(PACKAGE_LINE));
    await expectTotals(quote, money(SUB_BEFORE), money(TAX_BEFORE));
    expect(money(SUB_BEFORE + TAX_BEFORE)).toBe('2,592.62');

    // ---- Override the plain part's line price ----
    const override = quote.getByRole('spinbutton', { name: `Price override of ${seal.itemNo}` });
    await override.fill(String(OVERRIDE / 100));
    await override.press('Enter');
    await expect(await cell(sealRow, 'Line Price')).toHaveText(startsWithAmount(money(OVERRIDE)));
    await expect(await cell(sealRow, 'Line Price')).toContainText('override');

    // ---- Every number on screen against the hand calculation ----
    await expectLine(pkgRow, money(UNIT), money(PACKAGE_LINE)); // 1,181.15 and 2,362.30
    await expect(await cell(sealRow, 'Price Per Unit')).toHaveText(money(PLAIN_UNIT)); // 89.99 (struck)
    await expectTotals(quote, money(SUB_TOTAL), money(TAX), money(TOTAL)); // 2,512.30 / 244.95 / 2,757.25

    // The '?' breakdown of the package line says how its price comes about.
    await pkgRow.getByRole('button', { name: `Price breakdown of ${pkg.itemNo}` }).click();
    const breakdown = page.getByRole('tooltip').filter({ hasText: `Price breakdown - ${pkg.itemNo}` });
    const term = (name: string) =>
      breakdown
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell');
    await expect(term('Multiplier')).toHaveText('× 0.9Sectional');
    await expect(term('Base × multiplier')).toContainText(money(BASE_UNIT)); // 1,111.10
    await expect(term('Modifier cost increase')).toHaveText(`+ ${money(LIFT_COST + SPRINGS_COST)}`); // + 70.05
    await expect(term('Unit price')).toContainText(money(UNIT));
    await expect(term('Counts toward Sub Total')).toHaveText(money(PACKAGE_LINE));
    await pkgRow.getByRole('button', { name: `Price breakdown of ${pkg.itemNo}` }).click();
    await expect(breakdown).toBeHidden();

    await subParts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/quote-modal.png' });

    // ---- Export to Order ----
    await quote.getByRole('button', { name: 'Export to Order' }).click();
    const exported = page.getByTestId('toast').filter({ hasText: 'Export success' });
    await expect(exported).toBeVisible();
    const orderId = Number((await exported.textContent())!.match(/New order ID: (\d+)/)![1]);
    expect(orderId).toBeGreaterThan(0);
    await quote.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(quote).toBeHidden();

    // ---- Find it under Orders (Open Orders) ----
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    const ordersPanel = page.getByRole('tabpanel', { name: 'Orders', exact: true });
    const openOrders = ordersPanel.getByRole('table', { name: 'Open Orders' });
    await openOrders.getByLabel('Filter Job Name').fill(jobName);
    const orderRow = listRow(openOrders, orderId);
    await expect(orderRow).toBeVisible();
    await expect(orderRow.getByRole('cell').nth(1)).toHaveText(jobName);
    await expect(orderRow.getByRole('cell').nth(3)).toHaveText(customer.customerNo!);
    await expect(orderRow.getByRole('cell').nth(4)).toHaveText(customer.name);
    await expect(orderRow.getByRole('cell').nth(6)).toHaveText('Open');

    // ---- Duplicate it: the job name is prefilled with ' - copy' ----
    await orderRow.getByRole('button', { name: `Duplicate order ${orderId}` }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Order' });
    await expect(duplicate).toContainText(String(orderId));
    await expect(duplicate.getByLabel('Job Name')).toHaveValue(`${jobName} - copy`);
    await duplicate.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(duplicate).toBeHidden();
    // The copy opens in the editor, with the same lines and the same prices.
    const copy = page.getByRole('dialog', { name: /^Edit Order/ });
    await expect(copy.getByRole('heading', { name: /^Edit Order/ })).toContainText(`${jobName} - copy`);
    await expectLine(
      cartRow(copy.getByRole('table', { name: 'Product Cart' }), pkg.itemNo),
      money(UNIT),
      money(PACKAGE_LINE),
    );
    await expectTotals(copy, money(SUB_TOTAL), money(TAX), money(TOTAL));
    // Deleting the copy's package line: the delete answers the totals, and the Pricing block shows
    // them (150.00; tax round(14.625) = 14.63; 164.63) without pricing anything in the browser.
    const copyCart = copy.getByRole('table', { name: 'Product Cart' });
    await cartRow(copyCart, pkg.itemNo)
      .getByRole('button', { name: `Delete line ${pkg.itemNo}` })
      .click();
    const confirmDelete = page.getByRole('dialog', { name: 'Confirmation' });
    await confirmDelete.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirmDelete).toContainText('Cart line delete successful');
    await confirmDelete.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(cartRow(copyCart, pkg.itemNo)).toHaveCount(0);
    const afterDelete = Math.round((OVERRIDE * 975) / 10000);
    await expectTotals(copy, money(OVERRIDE), money(afterDelete), money(OVERRIDE + afterDelete));
    expect([money(afterDelete), money(OVERRIDE + afterDelete)]).toEqual(['14.63', '164.63']);
    await copy.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(copy).toBeHidden();
    await expect(openOrders.getByRole('row').filter({ hasText: `${jobName} - copy` })).toHaveCount(1);
    await expect(orderRow).toBeVisible();

    // ---- Open the order: same numbers, the annotated sub-part, and link the vendor order ----
    await orderRow.getByRole('button', { name: `Edit order ${orderId}` }).click();
    const order = page.getByRole('dialog', { name: /^Edit Order/ });
    await expect(order.getByRole('heading', { name: /^Edit Order/ })).toContainText(`ID ${orderId}`);
    const orderCart = order.getByRole('table', { name: 'Product Cart' });
    await expectLine(cartRow(orderCart, pkg.itemNo), money(UNIT), money(PACKAGE_LINE));
    await expectTotals(order, money(SUB_TOTAL), money(TAX), money(TOTAL));
    await cartRow(orderCart, pkg.itemNo)
      .getByRole('button', { name: `Expand package line ${pkg.itemNo}` })
      .click();
    const orderSubParts = order.getByRole('table', { name: `Sub-parts of ${pkg.itemNo}` });
    await expect(subPartRow(orderSubParts, hinge.itemNo)).toContainText(hingeNote);
    await expect(subPartRow(orderSubParts, lock.itemNo).getByRole('cell').first()).toHaveText('4');

    const linked = order.getByRole('table', { name: 'Linked vendor orders' });
    await expect(linked).toContainText('No vendor orders are linked to this order');
    await pickOption(order.getByLabel('Vendor Order', { exact: true }), vendorOrder.name, vendorOrder.name);
    await order.getByRole('button', { name: 'Link', exact: true }).click();
    const linkRow = linked.getByRole('row').filter({ hasText: vendorOrder.name });
    await expect(linkRow).toBeVisible();
    await expect(linkRow).toContainText(`ID ${vendorOrder.id}`);
    await expect(linkRow).toContainText('Springs and rollers');
    await order.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(order).toBeHidden();

    // ---- The other side: Sales > Vendor Orders, edit it, see the order under Linked Orders ----
    await page.getByRole('tab', { name: 'Vendor Orders', exact: true }).click();
    const vendorPanel = page.getByRole('tabpanel', { name: 'Vendor Orders', exact: true });
    const vendorOrders = vendorPanel.getByRole('table', { name: 'Vendor orders' });
    await vendorOrders.getByLabel('Filter Name').fill(vendorOrder.name);
    await listRow(vendorOrders, vendorOrder.id)
      .getByRole('button', { name: `Edit vendor order ${vendorOrder.id}` })
      .click();
    const vendorModal = page.getByRole('dialog', { name: /^Edit Vendor Order/ });
    await expect(vendorModal.getByLabel('Description')).toHaveValue('Springs and rollers');
    const linkedOrders = vendorModal.getByRole('table', { name: 'Linked orders' });
    const back = linkedOrders.getByRole('row').filter({ hasText: `Order ${orderId}` });
    await expect(back).toHaveCount(1);
    await expect(back).toContainText(jobName);
    await expect(back).toContainText(customer.customerNo!);
    await expect(back).toContainText(customer.name);
    await expect(back).toContainText('Open');
    await expect(linkedOrders).not.toContainText(`${jobName} - copy`); // only the order that was linked
  });
});

/** Types into a searchable select and picks the option whose text contains `option`. */
async function pickOption(input: Locator, search: string, option: string) {
  await input.fill(search);
  await input.page().getByRole('option').filter({ hasText: option }).first().click();
}

/** In a product linker dialog: choose the product, enter the quantity, Add, see it added. */
async function addProduct(linker: Locator, itemNo: string, quantity: number) {
  await expect(linker.getByText('Loading...')).toHaveCount(0);
  await pickOption(linker.getByLabel('Product', { exact: true }), itemNo, `${itemNo} - `);
  await linker.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await linker.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(linker.getByText(`Added ${quantity} × ${itemNo}`)).toBeVisible();
}

/** A cart line: the row holding that line's quantity field. */
function cartRow(cart: Locator, itemNo: string) {
  return cart
    .getByRole('row')
    .filter({ has: cart.page().getByRole('spinbutton', { name: `Quantity of ${itemNo}`, exact: true }) });
}

/** The cell of a cart line under the column headed `column` (the headers as the cart shows them). */
async function cell(row: Locator, column: 'Price Per Unit' | 'Line Price') {
  await expect(row).toBeVisible();
  const headers = await row.locator('xpath=ancestor::table[1]/thead//th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === column);
  expect(index, `the cart's "${column}" column`).toBeGreaterThan(0);
  return row.getByRole('cell').nth(index);
}

async function expectLine(row: Locator, unit: string, line: string) {
  await expect(await cell(row, 'Price Per Unit')).toHaveText(unit);
  await expect(await cell(row, 'Line Price')).toHaveText(startsWithAmount(line));
}

/** The Pricing block: Sub Total, Tax (9.75) and Total. */
async function expectTotals(scope: Locator, subTotal: string, tax: string, total?: string) {
  const pricing = scope.getByRole('table', { name: 'Pricing' });
  const amount = (label: string | RegExp) =>
    pricing
      .getByRole('row')
      .filter({ has: scope.page().getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell');
  await expect(pricing.getByRole('rowheader', { name: /^Tax/ })).toHaveText('Tax (9.75)');
  await expect(amount('Sub Total')).toHaveText(subTotal);
  await expect(amount(/^Tax/)).toHaveText(tax);
  if (total !== undefined) await expect(amount('Total')).toHaveText(total);
}

function subPartRow(table: Locator, itemNo: string) {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: itemNo, exact: true }) });
}

/** A list row by its ID cell. */
