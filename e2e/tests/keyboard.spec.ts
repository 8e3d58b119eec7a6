import { expect, type Locator, type Page } from '@playwright/test';
import { uniqueSuffix, type AdminApi } from './api-helpers.js';
import { ADMIN, openFromList, signIn, test } from './fixtures.js';

/**
 * Issue 19, "keyboard and screen reader": the main flow of the order modal from the keyboard
 * alone (create an order, add a product, change a quantity, apply a modifier, save, close),
 * asserting where focus is after each step: it stays on the control that acted (or moves to the
 * next logical one), never falls to <body>, and the result is announced. Tab and Shift+Tab wrap
 * inside dialogs; Ctrl+S saves the order once, and the footer's actions stay in view.
 */

/** Presses Tab (or Shift+Tab) until `target` has focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return i;
  }
  throw new Error(`${String(target)} not reached in ${max} presses`);
}

/** What has focus, for messages: tag and accessible-ish name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.id ?? ''} ${(el.textContent ?? '').trim().slice(0, 40)}`;
  });

async function catalogue(api: AdminApi, s: string) {
  const pkg = await api.createPackage({
    itemNo: `KB-PKG-${s}`,
    itemDescription: 'Keyboard sectional door package',
    wholesalePrice: 900,
    multiplierCategory: 'Sectional',
  });
  const lift = await api.createProduct({
    itemNo: `KB-LFT-${s}`,
    itemDescription: 'Lift kit',
    modifierCostIncrease: 40,
  });
  const part = await api.createProduct({ itemNo: `KB-PRT-${s}`, itemDescription: 'Roller', wholesalePrice: 3 });
  await api.addAssociatedPart(pkg.id, part.id, 4);
  const liftName = `Keyboard lift ${s}`;
  await api.addPackageModifier(pkg.id, { category: 'Lift', name: liftName, productId: lift.id, quantity: 1 });
  const customer = await api.createCustomer({ name: `Keyboard Doors ${s}`, customerNo: `KB-${s}` });
  return { pkg, liftName, customer };
}

test.describe('the keyboard in the order modal', () => {
  test('create an order, add a product, change a quantity, apply a modifier, save and close', async ({ page, api }) => {
    test.setTimeout(90_000);
    const s = uniqueSuffix();
    const { pkg, liftName, customer } = await catalogue(api, s);
    await signIn(page, ADMIN.username, ADMIN.password);

    // Open: focus in the Customer field.
    const createOrder = page.getByRole('button', { name: 'Create Order' });
    await createOrder.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Order/ });
    const customerField = dialog.getByLabel('Customer', { exact: true });
    await expect(customerField).toBeFocused();
    await page.keyboard.type(customer.name);
    await expect(page.getByRole('option').filter({ hasText: customer.name }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('region', { name: 'Selected Customer' })).toContainText(customer.name);
    await expect(customerField).toBeFocused();

    const jobName = dialog.getByLabel('Job Name');
    await tabTo(page, jobName);
    await page.keyboard.type(`Keyboard job ${s}`);

    // Create with Ctrl+S: the clerk stays in Job Name, and the toast says what happened.
    await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toHaveAttribute(
      'title',
      'Create (Ctrl+S)',
    );
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('toast').getByText(/^Create succeeded - ID: \d+$/)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Edit Order/ })).toBeVisible();
    await expect(jobName, await focused(page)).toBeFocused();
    await expect(jobName).toHaveValue(`Keyboard job ${s}`);

    // Add a product: focus goes back to the Product field for the next one; the result is read out.
    const addProduct = dialog.getByRole('button', { name: '+ Add Product' });
    await tabTo(page, addProduct);
    await page.keyboard.press('Enter');
    const linker = page.getByRole('dialog', { name: 'Add Product' });
    const productField = linker.getByLabel('Product', { exact: true });
    await expect(productField).toBeFocused();
    await expect(linker.getByText('Loading...')).toHaveCount(0);
    await page.keyboard.type(pkg.itemNo);
    await expect(page.getByRole('option').filter({ hasText: `${pkg.itemNo} - ` })).toBeVisible();
    await page.keyboard.press('Enter');
    await tabTo(page, linker.getByLabel('Quantity', { exact: true }), { max: 3 });
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(linker.getByText(`Added 2 × ${pkg.itemNo}`)).toBeVisible();
    await expect(productField, await focused(page)).toBeFocused();
    // Close the linker; focus is back on the button that opened it.
    await tabTo(page, linker.getByRole('button', { name: 'Close', exact: true }), { max: 6 });
    await page.keyboard.press('Enter');
    await expect(linker).toBeHidden();
    await expect(addProduct).toBeFocused();

    // A quantity committed with Enter: focus stays in the field, the new price is announced.
    const quantity = dialog.getByRole('spinbutton', { name: `Quantity of ${pkg.itemNo}` });
    await tabTo(page, quantity);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status').filter({ hasText: `Quantity of ${pkg.itemNo} saved: 3` })).toHaveCount(1);
    await expect(quantity).toHaveValue('3');
    await expect(quantity, await focused(page)).toBeFocused();

    // Open the package line and apply a modifier: focus stays on its star, now "Remove".
    await tabTo(page, dialog.getByRole('button', { name: `Expand package line ${pkg.itemNo}` }), { back: true });
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: `Collapse package line ${pkg.itemNo}` })).toBeFocused();
    await tabTo(page, dialog.getByRole('button', { name: `Apply modifier ${liftName}` }));
    await page.keyboard.press('Enter');
    const remove = dialog.getByRole('button', { name: `Remove modifier ${liftName}` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('status').filter({ hasText: `Modifier ${liftName} applied` })).toHaveCount(1);
    await expect(remove, await focused(page)).toBeFocused();

    // Save with Ctrl+S from there: focus does not move.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/orders\/update\//.test(r.url()));
    await page.keyboard.press('Control+s');
    expect((await saved).ok()).toBe(true);
    await expect(page.getByTestId('toast').getByText('Update Succeeded')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(remove, await focused(page)).toBeFocused();

    // Shift+Tab from the dialog's first control wraps to the last: Save, one press away.
    const close = dialog.getByRole('button', { name: 'Close dialog' });
    await close.focus();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    expect(await tabTo(page, save, { back: true, max: 1 })).toBe(1);
    await expect(save).toHaveAttribute('title', 'Save (Ctrl+S)');
    const savedAgain = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/orders\/update\//.test(r.url()),
    );
    await page.keyboard.press('Enter');
    expect((await savedAgain).ok()).toBe(true);
    await page.waitForTimeout(300);
    await expect(save, await focused(page)).toBeFocused();

    // Close (once the save has settled: Escape waits while it runs): focus is back on Create Order.
    await expect(save).not.toHaveAttribute('aria-busy', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(createOrder).toBeFocused();
  });

  test('Tab and Shift+Tab wrap inside a dialog and never reach the page behind it', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('tab', { name: 'Customers', exact: true }).click();
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Customer' })).toBeVisible();
    const where = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        const modal = document.querySelector('.modal.show');
        if (!el || el === document.body) return 'body';
        return modal?.contains(el) ? 'dialog' : `outside: ${el.tagName} ${el.textContent?.slice(0, 30)}`;
      });
    await expect.poll(where).toBe('dialog');
    const seen = new Set<string>();
    let wrapped = false;
    for (const key of ['Tab', 'Shift+Tab']) {
      seen.clear();
      wrapped = false;
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press(key);
        expect(await where(), `${key} press ${i + 1}`).toBe('dialog');
        const id = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return `${el.id}|${el.getAttribute('aria-label')}|${el.textContent}`;
        });
        if (seen.has(id)) wrapped = true;
        seen.add(id);
      }
      expect(wrapped, `${key} came back round`).toBe(true);
    }
  });

  for (const vp of [
    { width: 1366, height: 768 },
    { width: 1024, height: 768 },
  ]) {
    test(`at ${vp.width}x${vp.height} with a package line open, Save stays in view and Ctrl+S saves once`, async ({
      page,
      api,
    }) => {
      const s = uniqueSuffix();
      const { pkg, customer } = await catalogue(api, s);
      const order = await api.createDocument('order', { customerId: customer.id, jobName: `Sticky footer ${s}` });
      await api.addLine('order', order.id, pkg.id, 1);
      await page.setViewportSize(vp);
      await signIn(page, ADMIN.username, ADMIN.password);
      const orders = page.getByRole('table', { name: 'Orders' });
      const dialog = await openFromList(orders, 'order', order);
      await dialog.getByRole('button', { name: `Expand package line ${pkg.itemNo}` }).click();
      await expect(dialog.getByRole('region', { name: 'Package modifiers' })).toBeVisible();
      // Scroll the body to the end: the footer stays where it was, inside the window.
      await dialog.locator('.modal-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      const save = dialog.getByRole('button', { name: 'Save', exact: true });
      await expect(save).toBeInViewport({ ratio: 1 });
      await expect(save).toHaveAttribute('title', 'Save (Ctrl+S)');
      await page.screenshot({ path: `/work/notes/shots/issue19-sticky-footer-${vp.width}x${vp.height}.png` });

      // Ctrl+S twice while the first save runs: one request, and the browser's own Save is not opened.
      await page.evaluate(() => {
        (window as unknown as { __ctrlS: boolean[] }).__ctrlS = [];
        window.addEventListener('keydown', (e) => {
          if (e.key === 's' && e.ctrlKey)
            (window as unknown as { __ctrlS: boolean[] }).__ctrlS.push(e.defaultPrevented);
        });
      });
      let open!: () => void;
      const held = new Promise<void>((resolve) => (open = resolve));
      let updates = 0;
      await page.route(/\/api\/orders\/update\//, async (route) => {
        updates++;
        await held;
        await route.continue();
      });
      await dialog.getByLabel('Job Name').focus();
      await page.keyboard.press('Control+s');
      await expect.poll(() => updates).toBe(1);
      await page.keyboard.press('Control+s');
      await page.waitForTimeout(300);
      open();
      await expect(page.getByTestId('toast').getByText('Update Succeeded')).toBeVisible();
      expect(updates).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { __ctrlS: boolean[] }).__ctrlS)).toEqual([true, true]);
      await expect.poll(() => focused(page)).toMatch(/^input .*-jobName/);
    });
  }
});
