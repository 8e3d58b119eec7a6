import { expect, type Locator } from '@playwright/test';
import { uniqueSuffix, type ProductRef } from './api-helpers.js';
import { ADMIN, createdToastId, listRow, signIn, test } from './fixtures.js';

/**
 * Issue 3: the catalogue and the customers. An administrator builds a door package on screen
 * (details, three associated parts, one modifier in each of the eight categories), edits a
 * quantity inline, duplicates the package and opens the copy; then creates, edits and deletes a
 * customer, and is told why a customer with an order cannot be deleted. Only the parts the
 * package is built from, and the customer with an order, are set up through the API.
 * docs/product.md section 2 (Admin home, Sales home), section 4 (create/edit modes, duplicates) and
 * section 8 (banners).
 */

const PACKAGE_TYPE_WARNING = 'This section requires Product Type be assigned as a Package.';
const PRODUCT_CREATED_WARNING = 'This section requires the product to be created.';
const CATEGORIES = ['Lift', 'LiftNotes', 'Inches', 'Mount', 'Rads', 'Springs', 'Windows', 'Inserts'] as const;
type Category = (typeof CATEGORIES)[number];

/** One modifier per category; LiftNotes are notes only. */
interface ModifierPlan {
  name?: string;
  quantity?: number;
  product?: ProductRef;
  notes?: string;
}

test.describe('product catalogue and customers', () => {
  test('a door package with parts and modifiers is built, edited inline, duplicated and the copy opened', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const s = uniqueSuffix();

    // ---- Setup through the API: the parts the package is made of ----
    const part = (itemNo: string, itemDescription: string, wholesalePrice: number, modifierCostIncrease = 0) =>
      api.createProduct({ itemNo: `${itemNo}-${s}`, itemDescription, wholesalePrice, modifierCostIncrease });
    const track = await part('TRK', 'Track set 7 ft', 64);
    const roller = await part('RLR', 'Nylon roller 13-ball', 3.1);
    const hinge = await part('HNG', 'Hinge kit', 18.5);
    const liftKit = await part('LFT', 'High-lift conversion kit', 120, 45.25);
    const extension = await part('EXT', 'Vertical track extension', 22, 8);
    const bracket = await part('MNT', 'Low-headroom mount bracket', 31, 12);
    const radius = await part('RAD', '15 in radius track', 27, 9.5);
    const spring = await part('SPR', 'Torsion spring 250 lb', 40, 12.4);
    const windows = await part('WIN', 'Window row, clear glass', 75, 30);
    const inserts = await part('INS', 'Decorative insert, sunburst', 18, 6);

    const itemNo = `DP-${s}`;
    const description = `16x7 insulated sectional door package ${s}`;
    const liftNotes = 'Needs 12 in of extra headroom';
    const plans: Record<Category, ModifierPlan> = {
      Lift: { name: `High lift ${s}`, quantity: 1, product: liftKit, notes: liftNotes },
      LiftNotes: { notes: `Check the spring cable length ${s}` },
      Inches: { name: `Track extension ${s}`, quantity: 2, product: extension, notes: '18' },
      Mount: { name: `Low headroom ${s}`, quantity: 1, product: bracket },
      Rads: { name: `15 in radius ${s}`, quantity: 2, product: radius },
      Springs: { name: `Heavy springs ${s}`, quantity: 2, product: spring },
      Windows: { name: `Clear window row ${s}`, quantity: 1, product: windows },
      Inserts: { name: `Sunburst inserts ${s}`, quantity: 4, product: inserts },
    };
    const parts = [
      { product: track, quantity: 2 },
      { product: roller, quantity: 10 },
      { product: hinge, quantity: 1 },
    ];
    const EDITED_ROLLERS = 12;

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('tab', { name: 'Product Catalog' }).click();
    const catalog = page.getByRole('table', { name: 'Product catalog' });

    // ---- Create Product: the package sections are locked until it exists and is a package ----
    await page.getByRole('button', { name: 'Create Product' }).click();
    // The same dialog is renamed Edit Product once the product exists.
    const editor = page.getByRole('dialog', { name: /^(Create|Edit) Product$/ });
    await expect(editor.getByRole('heading', { name: 'Create Product' })).toBeVisible();
    await editor.getByRole('button', { name: 'Package Modifiers' }).click();
    await editor.getByRole('button', { name: 'Associated Parts' }).click();
    // Both sections show both warnings: no product yet, and no product type chosen.
    await expect(shown(editor, PRODUCT_CREATED_WARNING)).toHaveCount(2);
    await expect(shown(editor, PACKAGE_TYPE_WARNING)).toHaveCount(2);

    await editor.getByLabel('Item No', { exact: true }).fill(itemNo);
    await editor.getByLabel('Item Description', { exact: true }).fill(description);
    await editor.getByLabel('Wholesale Price', { exact: true }).fill('1234.55');
    const productType = editor.getByRole('combobox', { name: 'Product Type' });
    // A non-package type keeps the package warning.
    await productType.selectOption({ label: 'Part' });
    await expect(shown(editor, PACKAGE_TYPE_WARNING)).toHaveCount(2);
    await productType.selectOption({ label: 'Door Package' });
    await expect(shown(editor, PACKAGE_TYPE_WARNING)).toHaveCount(0);
    await expect(shown(editor, PRODUCT_CREATED_WARNING)).toHaveCount(2);
    await editor.getByRole('combobox', { name: 'Multiplier Category' }).selectOption('Sectional');
    await editor.getByRole('button', { name: 'Create', exact: true }).click();

    // 'Create succeeded - ID: n' with the server's message, as a toast in view; the editor is
    // now Edit Product.
    const packageId = await createdToastId(page, 'Product created');
    await expect(editor.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(editor.getByText(`#${packageId} · ${itemNo}`)).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expect(shown(editor, PRODUCT_CREATED_WARNING)).toHaveCount(0);
    await expect(shown(editor, PACKAGE_TYPE_WARNING)).toHaveCount(0);

    // ---- Associated Parts: three parts through the package linker ----
    const partsTable = editor.getByRole('table', { name: 'Associated parts' });
    await expect(partsTable).toContainText('No associated parts yet');
    for (const { product, quantity } of parts) {
      await editor.getByRole('button', { name: 'Add Part', exact: true }).click();
      const linker = page.getByRole('dialog', { name: 'Add Part to Package' });
      await expect(linker.getByText('Loading...')).toHaveCount(0);
      await pickOption(linker.getByLabel('Product', { exact: true }), product.itemNo, `${product.itemNo} - `);
      await linker.getByPlaceholder('Enter Quantity').fill(String(quantity));
      await linker.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(linker).toBeHidden(); // the package linker closes after each link
      await expect(partsTable.getByRole('spinbutton', { name: `Quantity of ${product.itemNo}` })).toHaveValue(
        String(quantity),
      );
    }
    await expect(quantityCells(partsTable)).toHaveCount(3);
    await expect(partRow(partsTable, track.itemNo)).toContainText('Track set 7 ft');
    await expect(partRow(partsTable, track.itemNo)).toContainText('Part');
    await expect(editor.getByText('3 parts, 13 pieces per door')).toBeVisible();

    // ---- Edit the rollers' quantity inline: Save only while the value differs ----
    const rollers = partsTable.getByRole('spinbutton', { name: `Quantity of ${roller.itemNo}` });
    const saveRollers = partsTable.getByRole('button', { name: `Save quantity of ${roller.itemNo}` });
    await expect(saveRollers).toBeDisabled();
    await rollers.fill(String(EDITED_ROLLERS));
    await expect(saveRollers).toBeEnabled();
    await rollers.fill('10');
    await expect(saveRollers).toBeDisabled();
    await rollers.fill(String(EDITED_ROLLERS));
    await saveRollers.click();
    await expect(editor.getByText('3 parts, 15 pieces per door')).toBeVisible();
    await expect(rollers).toHaveValue(String(EDITED_ROLLERS));
    await expect(saveRollers).toBeDisabled(); // the stored value is now 12
    const stored = await api.associatedParts(packageId);
    expect(stored.find((p) => p.child_id === roller.id)?.quantity).toBe(EDITED_ROLLERS);

    // ---- Package Modifiers: one in each of the eight categories ----
    for (const category of CATEGORIES) {
      await expect(group(editor, category)).toContainText(
        category === 'LiftNotes' ? 'No notes added yet' : 'No modifiers yet',
      );
    }
    for (const category of CATEGORIES) {
      await addModifier(editor, category, plans[category]);
    }
    for (const category of CATEGORIES) {
      await expect(group(editor, category).getByRole('heading', { level: 4 })).toHaveText(`${category} 1`);
    }
    await expect(group(editor, 'Lift')).toContainText(`${plans.Lift.name} × 1`);
    await expect(group(editor, 'Lift')).toContainText(`${liftKit.itemNo} (+45.25)`);
    await expect(group(editor, 'Springs')).toContainText(`${plans.Springs.name} × 2`);
    await expect(group(editor, 'Inches')).toContainText('Track inches: 18');
    // LiftNotes shows the Lift modifier's notes as well as its own entry.
    await expect(group(editor, 'LiftNotes')).toContainText(`${plans.Lift.name}: ${liftNotes}`);
    await expect(group(editor, 'LiftNotes')).toContainText(plans.LiftNotes.notes!);
    await expect(group(editor, 'LiftNotes')).not.toContainText('No notes added yet');

    // Screenshot: the package with its modifiers and associated parts open. Product Details is
    // folded and the window made taller for it, so that both sections fit on one picture.
    await editor.getByRole('button', { name: 'Product Details' }).click();
    await expect(editor.getByLabel('Item No', { exact: true })).toBeHidden();
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: viewport.width, height: 1100 });
    await expect(group(editor, 'Lift')).toBeInViewport();
    await expect(partRow(partsTable, hinge.itemNo)).toBeInViewport();
    await page.screenshot({ path: 'test-results/screenshots/product-editor-e2e.png' });
    await page.setViewportSize(viewport);

    await editor.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(editor).toBeHidden();

    // ---- The list: find it, Duplicate with ' - copy' prefilled ----
    await catalog.getByLabel('Filter Item No').fill(itemNo);
    const row = listRow(catalog, packageId);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText(itemNo);
    await expect(row.getByRole('cell').nth(2)).toHaveText(description);
    await expect(row.getByRole('cell').nth(3)).toHaveText('1,234.55');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Door Package');
    await row.getByRole('button', { name: `Duplicate product ${packageId}` }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Product' });
    await expect(duplicate.getByLabel('Product ID')).toHaveValue(String(packageId));
    await expect(duplicate.getByLabel('Item No')).toHaveValue(`${itemNo} - copy`);
    await duplicate.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(duplicate).toBeHidden();

    // ---- The copy opens in the editor, with the same parts and modifiers ----
    const copy = page.getByRole('dialog', { name: 'Edit Product' });
    const copyTitle = copy.getByText(`· ${itemNo} - copy`);
    await expect(copyTitle).toBeVisible();
    const copyId = Number((await copyTitle.textContent())!.match(/#(\d+)/)![1]);
    expect(copyId).not.toBe(packageId);
    await expect(copy.getByLabel('Item No', { exact: true })).toHaveValue(`${itemNo} - copy`);
    await expect(copy.getByRole('combobox', { name: 'Product Type' })).toHaveValue(
      String(await api.productTypeId('Door Package')),
    );
    await copy.getByRole('button', { name: 'Associated Parts' }).click();
    const copyParts = copy.getByRole('table', { name: 'Associated parts' });
    await expect(quantityCells(copyParts)).toHaveCount(3);
    for (const { product, quantity } of parts) {
      await expect(copyParts.getByRole('spinbutton', { name: `Quantity of ${product.itemNo}` })).toHaveValue(
        String(product === roller ? EDITED_ROLLERS : quantity),
      );
    }
    await copy.getByRole('button', { name: 'Package Modifiers' }).click();
    for (const category of CATEGORIES) {
      await expect(group(copy, category).getByRole('heading', { level: 4 })).toHaveText(`${category} 1`);
      const plan = plans[category];
      await expect(group(copy, category)).toContainText(plan.name ?? plan.notes!);
    }
    await expect(group(copy, 'LiftNotes')).toContainText(`${plans.Lift.name}: ${liftNotes}`);
    await copy.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(copy).toBeHidden();
    await expect(catalog.getByRole('row').filter({ hasText: `${itemNo} - copy` })).toHaveCount(1);
    await expect(row).toBeVisible();

    // ---- The same through the API: the copy's own rows, equal to the original's ----
    const copiedParts = await api.associatedParts(copyId);
    expect(copiedParts.map((p) => [p.child_itemNo, p.quantity]).sort()).toEqual(
      [
        [track.itemNo, 2],
        [roller.itemNo, EDITED_ROLLERS],
        [hinge.itemNo, 1],
      ].sort(),
    );
    const originalRowIds = stored.map((p) => p.id);
    expect(copiedParts.filter((p) => originalRowIds.includes(p.id))).toEqual([]); // rows of its own
    const copiedModifiers = await api.packageModifiers(copyId);
    expect(copiedModifiers.map((m) => m.category).sort()).toEqual([...CATEGORIES].sort());
    for (const m of copiedModifiers) {
      const plan = plans[m.category as Category];
      expect(m.packageId).toBe(copyId);
      expect(m.name).toBe(plan.name ?? null);
      expect(m.product?.id ?? null).toBe(plan.product?.id ?? null);
      expect(m.quantity).toBe(plan.quantity ?? 1);
      expect(m.notes).toBe(plan.notes ?? null);
    }
    expect((await api.packageModifiers(packageId)).length).toBe(8);
  });

  test('a customer is created with addresses and multipliers, edited, found, expanded and deleted', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    const s = uniqueSuffix();
    // A customer with an order cannot be deleted: set up through the API.
    const busy = await api.createCustomer({ name: `Busy Builders ${s}`, customerNo: `BB-${s}` });
    await api.createDocument('order', { customerId: busy.id, jobName: `Warehouse doors ${s}` });

    const name = `Lakeside Overhead ${s}`;
    const customerNo = `LO-${s}`;
    const email = `orders.${s.toLowerCase()}@example.com`;
    const street = { street: '1200 Harbor Way', city: 'Portland', state: 'OR', zipCode: '97201' };
    const shipTo = { street: '88 Dock Road, Bay 4', city: 'Vancouver', state: 'WA', zipCode: '98660' };

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('tab', { name: 'Customers', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Customers', exact: true });
    const customers = panel.getByRole('table', { name: 'Customers' });

    // ---- Create Customer: details, both addresses, multipliers ----
    await panel.getByRole('button', { name: 'Create Customer' }).click();
    // The same dialog is renamed Edit Customer once the customer exists.
    const modal = page.getByRole('dialog', { name: /^(Create|Edit) Customer/ });
    await expect(modal.getByRole('heading', { name: 'Create Customer' })).toBeVisible();
    await modal.getByLabel('Customer No').fill(customerNo);
    await modal.getByLabel('Customer Name').fill(name);
    await modal.getByLabel('Contact Name').fill('Dana Whitfield');
    await modal.getByLabel('E-mail', { exact: true }).fill(email);
    await modal.getByLabel('Phone', { exact: true }).fill('503-555-0142');
    await modal.getByLabel('Mobile Phone').fill('503-555-0199');
    await modal.getByLabel('Tax Code').fill('OR-RESALE');
    await modal.getByLabel('Terms Code').fill('NET30');
    await modal.getByRole('switch', { name: 'Use Tax' }).check();
    await modal.getByLabel('Special Instructions').fill('Call before delivery');
    // Street Address comes first, Ship To second: the same four labels in each.
    await fillAddress(modal, 0, street);
    await fillAddress(modal, 1, shipTo);

    const notice = modal.getByText('Changing these values will not alter existing orders.');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveClass(/alert-warning/); // the yellow notice
    const sectional = modal.getByRole('spinbutton', { name: 'Sectional' });
    await expect(sectional).toHaveAttribute('step', '.1');
    await expect(sectional).toHaveValue('1');
    await sectional.fill('0.9');
    await modal.getByRole('spinbutton', { name: 'Residential' }).fill('0.8');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();

    const customerId = await createdToastId(page, 'Customer created');
    await expect(modal.getByRole('heading', { name: 'Edit Customer' })).toContainText(`${name} (ID ${customerId})`);
    await expect(modal.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

    // ---- Edit the contact name ----
    await modal.getByLabel('Contact Name').fill('Dana Whitfield-Ortiz');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('toast').getByText('Update Succeeded')).toBeVisible();
    await expect(modal.getByLabel('Contact Name')).toHaveValue('Dana Whitfield-Ortiz');
    await expect(modal.getByRole('spinbutton', { name: 'Sectional' })).toHaveValue('0.9');

    const saved = await api.get<Record<string, unknown>>(`/api/customers/${customerId}`);
    expect(saved).toMatchObject({
      name,
      customerNo,
      contactName: 'Dana Whitfield-Ortiz',
      email,
      useTax: true,
      streetAddress: street,
      shipTo,
      sectionalMultiplier: 0.9,
      residentialMultiplier: 0.8,
      openerMultiplier: 1,
      commercialMultiplier: 1,
    });
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();

    // ---- Find it with the column filter and expand its row ----
    await customers.getByLabel('Filter Customer Name').fill(name);
    const row = listRow(customers, customerId);
    await expect(row).toBeVisible();
    await expect(customers.getByRole('row')).toHaveCount(3); // header, filters, this customer
    await expect(row.getByRole('cell').nth(2)).toHaveText(customerNo);
    await expect(row.getByRole('cell').nth(3)).toHaveText(name);
    await expect(row.getByRole('cell').nth(4)).toHaveText('Dana Whitfield-Ortiz');
    await expect(row.getByRole('cell').nth(5)).toHaveText('0');
    await row.getByRole('button', { name: `Expand row ${customerId}` }).click();
    const details = customers.getByRole('group', { name: `Details of ${name}` });
    await expect(details).toContainText(`Street Address${street.street}Portland, OR 97201`);
    await expect(details).toContainText(`Ship To${shipTo.street}Vancouver, WA 98660`);
    await expect(details.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(details).toContainText('NET30');
    await expect(details).toContainText('Call before delivery');
    await page.screenshot({ path: 'test-results/screenshots/customers-e2e.png' });

    // ---- Delete it, with the confirmation ----
    await row.getByRole('button', { name: `Delete customer ${customerId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await expect(confirm).toContainText(`Are you sure you would like to delete the customer (id: ${customerId})?`);
    await expect(confirm).toContainText(`${customerNo} - ${name}`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('Customer delete successful')).toBeVisible();
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(customers).toContainText('No customers found');
    expect((await api.api.get(`/api/customers/${customerId}`)).status()).toBe(404);

    // ---- A customer with an order: the server says why it stays ----
    await customers.getByLabel('Filter Customer Name').fill(busy.name);
    const busyRow = listRow(customers, busy.id);
    await expect(busyRow.getByRole('cell').nth(5)).toHaveText('1'); // one open order
    await busyRow.getByRole('button', { name: `Delete customer ${busy.id}` }).click();
    await expect(confirm).toContainText(`Are you sure you would like to delete the customer (id: ${busy.id})?`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('Customer delete failed')).toBeVisible();
    await expect(confirm).toContainText(`Customer ${busy.name} (id ${busy.id}) has 1 order, so it cannot be deleted.`);
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(busyRow).toBeVisible();
    expect((await api.get<{ id: number }>(`/api/customers/${busy.id}`)).id).toBe(busy.id);
  });
});

/** The elements with exactly this text that are on screen (collapsed sections hold copies). */
function shown(scope: Locator, text: string) {
  return scope.getByText(text, { exact: true }).filter({ visible: true });
}

/** Types into a searchable select and picks the option whose text contains `option`. */
async function pickOption(input: Locator, search: string, option: string) {
  await input.fill(search);
  await input.page().getByRole('option').filter({ hasText: option }).first().click();
}

/** A modifier group of the Package Modifiers panel. */
function group(editor: Locator, category: Category) {
  return editor.getByRole('region', { name: `${category} modifiers`, exact: true });
}

/** Adds a modifier through the group's 'Add {category} modifier' popover. */
async function addModifier(editor: Locator, category: Category, plan: ModifierPlan) {
  const page = editor.page();
  const add = editor.getByRole('button', { name: `Add ${category} modifier`, exact: true });
  await add.click();
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  const popover = page.getByRole('tooltip').filter({ hasText: `Add ${category} modifier` });
  await expect(popover.getByRole('heading', { name: `Add ${category} modifier` })).toBeVisible();
  const form = popover.getByRole('form', { name: `${category} modifier` });
  if (category === 'LiftNotes') {
    // Notes only: no name, quantity or product.
    await expect(form.getByLabel('Name', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Quantity', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Product', { exact: true })).toHaveCount(0);
  } else {
    await form.getByLabel('Name', { exact: true }).fill(plan.name!);
    const quantity = form.getByLabel('Quantity', { exact: true });
    await expect(quantity).toHaveValue('1'); // the default
    await quantity.fill(String(plan.quantity ?? 1));
    await pickOption(form.getByLabel('Product', { exact: true }), plan.product!.itemNo, plan.product!.itemNo);
  }
  if (plan.notes !== undefined) {
    const notesLabel = category === 'Inches' ? 'Number of Track Inches' : 'Notes';
    await form.getByLabel(notesLabel, { exact: true }).fill(plan.notes);
  }
  if (category === 'Inches') await expect(form.getByLabel('Notes', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(popover).toBeHidden();
  await expect(group(editor, category)).toContainText(plan.name ?? plan.notes!);
}

/** The quantity fields of an Associated Parts table: one per part. */
function quantityCells(table: Locator) {
  return table.getByRole('spinbutton', { name: /^Quantity of / });
}

function partRow(table: Locator, itemNo: string) {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: itemNo, exact: true }) });
}

/** Fills the n-th address block (0: Street Address, 1: Ship To) of the customer editor. */
async function fillAddress(
  modal: Locator,
  n: number,
  address: { street: string; city: string; state: string; zipCode: string },
) {
  await modal.getByLabel('Street', { exact: true }).nth(n).fill(address.street);
  await modal.getByLabel('City', { exact: true }).nth(n).fill(address.city);
  await modal.getByLabel('State', { exact: true }).nth(n).fill(address.state);
  await modal.getByLabel('Zip Code', { exact: true }).nth(n).fill(address.zipCode);
}

/** A list row by its ID cell. */
