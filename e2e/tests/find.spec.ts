import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, createStaffUser, openQuoteForEdit, signIn, test } from './fixtures.js';

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
  // Typed once the new dialog has the focus: keys pressed while it mounts (a loaded machine) go nowhere.
  await expect(box).toBeFocused();
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

/**
 * Issue 36, defect 6: a product found by staff opened nothing. Enter (or a click) opens its
 * read-only card: item number, description, list price, the package's parts and modifiers.
 */
test('staff open a product from Find: its read-only card with the price, parts and modifiers', async ({
  page,
  api,
  baseURL,
}) => {
  // Two dialogs, two searches and a quote's Add Product: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const s = uniqueSuffix();
  const hinge = await api.createProduct({
    itemNo: `FC-HNG-${s}`,
    itemDescription: 'Hinge #3',
    productType: 'Hardware',
  });
  const spring = await api.createProduct({
    itemNo: `FC-SPR-${s}`,
    itemDescription: 'Torsion spring 25k',
    productType: 'Spring',
    modifierCostIncrease: 32.5,
  });
  const pkg = await api.createPackage({
    itemNo: `FC-PKG-${s}`,
    itemDescription: `16x7 insulated door ${s}`,
    wholesalePrice: 1234.56,
    multiplierCategory: 'Sectional',
  });
  await api.addAssociatedPart(pkg.id, hinge.id, 8);
  await api.addPackageModifier(pkg.id, {
    category: 'Springs',
    name: '25k cycle pair',
    quantity: 2,
    productId: spring.id,
  });
  const customer = await api.createCustomer({ name: `Sierra Card ${s}`, sectionalMultiplier: 0.9 });
  const quote = await api.createDocument('quote', { customerId: customer.id, jobName: `Card job ${s}` });
  const staff = await createStaffUser(baseURL!, `find-staff-${s}`.toLowerCase());
  await signIn(page, staff.username, staff.password);
  // The top bar's Search is there, and with it the Ctrl+K listener.
  await expect(page.getByRole('button', { name: /^Search/ })).toBeVisible();

  await page.keyboard.press('Control+K');
  const find = page.getByRole('dialog', { name: 'Find' });
  await expect(find.getByRole('combobox', { name: 'Find' })).toBeFocused();
  await page.keyboard.type(`fc-pkg-${s}`);
  const option = find.getByRole('option', { name: new RegExp(`FC-PKG-${s}`) });
  await expect(option).toContainText('List $1,234.56');
  await page.keyboard.press('Enter');

  const card = page.getByRole('dialog', { name: `Product FC-PKG-${s}` });
  await expect(card).toBeVisible();
  await expect(find).toBeHidden();
  await expect(card).toContainText(`16x7 insulated door ${s}`);
  await expect(card).toContainText('$1,234.56');
  await expect(card.getByRole('table', { name: 'Associated parts' })).toContainText(`FC-HNG-${s}`);
  await expect(card.getByRole('table', { name: 'Modifiers' })).toContainText(`2 × FC-SPR-${s}`);
  await expect(card.getByRole('textbox')).toHaveCount(0);
  // A customer's price, as the server priced it: 1,234.56 x 0.9.
  await card.getByLabel('Price for a customer').fill(`sierra card ${s}`);
  await card.getByRole('button', { name: `Sierra Card ${s}` }).click();
  await expect(card).toContainText(`Price for Sierra Card ${s}$1,111.10 (list 1,234.56 × Sectional 0.9)`);
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.modal.show')).every((el) => getComputedStyle(el).opacity === '1'),
  );
  const axe = await new AxeBuilder({ page })
    .include('.product-card')
    .withTags(['wcag2a', 'wcag2aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  for (const [width, height] of [
    [1366, 768],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/shots-find/product-card-${width}.png` });
  }
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // A click opens it too.
  await page.keyboard.press('Control+K');
  await expect(find.getByRole('combobox', { name: 'Find' })).toBeFocused();
  await page.keyboard.type(`fc-hng-${s}`);
  await find.getByRole('option', { name: new RegExp(`FC-HNG-${s}`) }).click();
  const hingeCard = page.getByRole('dialog', { name: `Product FC-HNG-${s}` });
  await expect(hingeCard).toContainText('Hinge #3');
  await page.keyboard.press('Escape');
  await expect(hingeCard).toBeHidden();

  // Add Product in the quote lists each product with this customer's price.
  const quoteModal = await openQuoteForEdit(page, quote);
  await quoteModal.getByRole('button', { name: '+ Add Product' }).click();
  const add = page.getByRole('dialog', { name: 'Add Product' });
  await add.getByLabel('Product').fill(`fc-pkg-${s}`);
  await expect(page.getByRole('option', { name: `FC-PKG-${s} - 16x7 insulated door ${s} · $1,111.10` })).toBeVisible();
  await page.getByRole('option', { name: new RegExp(`FC-PKG-${s}`) }).click();
  await expect(add).toContainText(`Price for Sierra Card ${s}: $1,111.10 each (list 1,234.56 × Sectional 0.9)`);
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    await page.screenshot({ path: `/tmp/shots-find/add-product-${width}.png` });
  }
});
