import { expect, type Locator, type Page } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { ADMIN, listRow, openQuoteForEdit, signIn, test } from './fixtures.js';

/**
 * Issue 11, the order and quote modal: results are seen where the clerk is (toasts in the
 * viewport), Export to Order cannot make a second order by accident, unsaved Details are not
 * dropped without asking, the focus stays in the modal, and popovers near the footer are whole.
 * Data is set up through the API; everything under test is done on screen, at 1366x768.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = '/work/notes/shots';
const VIEWPORT = { width: 1366, height: 768 };

interface Setup {
  customer: { id: number; name: string };
  pkg: { id: number; itemNo: string };
  quote: { id: number; jobName: string };
}

/** A customer without e-mail, a package with a Lift modifier, and a quote of `lines` lines. */
async function setUp(api: AdminApi, lines: number): Promise<Setup> {
  const s = uniqueSuffix();
  const customer = await api.createCustomer({ name: `Cedar Ridge Doors ${s}`, customerNo: `C-${s}`, useTax: true });
  const kit = await api.createProduct({
    itemNo: `HLK-${s}`,
    itemDescription: 'High-lift kit',
    wholesalePrice: 140,
    modifierCostIncrease: 45.25,
    productType: 'Hardware',
  });
  const pkg = await api.createPackage({
    itemNo: `PKG-${s}`,
    itemDescription: '9x7 steel sectional door package',
    wholesalePrice: 812.4,
    multiplierCategory: 'Residential',
  });
  await api.addPackageModifier(pkg.id, { category: 'Lift', name: 'High lift', productId: kit.id, quantity: 1 });
  const quote = await api.createDocument('quote', { customerId: customer.id, jobName: `Cedar garage ${s}` });
  for (let i = 0; i < lines; i++) await api.addLine('quote', quote.id, pkg.id, i + 1);
  return { customer, pkg, quote };
}

/** setUp, then signed in as the administrator with the quote open for editing. */
async function setUpAndOpenQuote(page: Page, api: AdminApi, lines: number) {
  const setup = await setUp(api, lines);
  await signIn(page, ADMIN.username, ADMIN.password);
  return { ...setup, modal: await openQuote(page, setup.quote) };
}

async function openQuote(page: Page, quote: { id: number; jobName: string }): Promise<Locator> {
  const modal = await openQuoteForEdit(page, quote);
  await expect(modal.getByRole('heading', { name: /^Edit Quote/ })).toContainText(`ID ${quote.id}`);
  return modal;
}

/** The element's box lies wholly inside the viewport. */
async function expectInViewport(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box, 'visible').not.toBeNull();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width);
  expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
}

/** Nothing (the modal footer, another panel) lies over the element: its corners are its own. */
async function expectUncovered(locator: Locator) {
  const covered = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + 4, r.top + 4],
      [r.right - 4, r.top + 4],
      [r.left + 4, r.bottom - 4],
      [r.right - 4, r.bottom - 4],
      [r.left + r.width / 2, r.bottom - 4],
    ];
    return points.filter(([x, y]) => !el.contains(document.elementFromPoint(x!, y!)));
  });
  expect(covered).toEqual([]);
}

test.describe('document modal feedback', () => {
  test.describe.configure({ timeout: 90_000 }); // a shared, busy machine
  test('Export to Order twice: the second asks, yes makes another order, the quote lists both', async ({
    page,
    api,
  }) => {
    const { quote, modal } = await setUpAndOpenQuote(page, api, 1);
    // Opened for editing, the focus is in the modal's first field for typing, the Job Name.
    await expect(modal.getByLabel('Job Name')).toBeFocused();

    const exportButton = modal.getByRole('button', { name: 'Export to Order' });
    let exportRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes(`/api/orders/create-from-quote/${quote.id}`)) exportRequests += 1;
    });
    await exportButton.dblclick();
    const first = page.getByTestId('toast').filter({ hasText: 'Export success' });
    await expect(first).toBeVisible();
    const firstId = Number((await first.textContent())!.match(/New order ID: (\d+)/)![1]);
    expect(exportRequests).toBe(1); // a double click sends one request
    const exported = modal.getByTestId('exported-orders');
    await expect(exported).toHaveText(`Exported to order ${firstId}`);
    await page.screenshot({ path: `${SHOTS}/b-exported.png` });

    await exportButton.click();
    const ask = page.getByRole('dialog', { name: 'Export to Order again?' });
    await expect(ask).toContainText(`Quote ${quote.id} was already exported to order ${firstId}. Make another order?`);
    await page.screenshot({ path: `${SHOTS}/b-export-again.png` });
    await ask.getByRole('button', { name: 'Yes, make another order' }).click();
    // The new result replaces the first one's toast.
    const second = page.getByTestId('toast').filter({ hasText: 'Export success' });
    await expect(second).not.toContainText(`New order ID: ${firstId}.`);
    const secondId = Number((await second.textContent())!.match(/New order ID: (\d+)/)![1]);
    expect(secondId).not.toBe(firstId);
    await expect(exported).toHaveText(`Exported to orders ${firstId}, ${secondId}`);
    expect(exportRequests).toBe(3);

    // The link opens the order, on top of the quote; closing it returns to the quote.
    await exported.getByRole('button', { name: `Open order ${secondId}` }).click();
    const order = page.getByRole('dialog', { name: /^Edit Order/ });
    await expect(order.getByRole('heading', { name: /^Edit Order/ })).toContainText(`ID ${secondId}`);
    await order.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(order).toBeHidden();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();

    // The quotes list shows both orders under the job name.
    const table = page.getByRole('table', { name: 'Quotes' });
    await expect(listRow(table, quote.id).getByTestId('exported-orders')).toHaveText(
      `Exported to orders ${firstId}, ${secondId}`,
    );
  });

  test('a failure at the bottom of a scrolled modal shows as a toast in the viewport', async ({
    page,
    api,
    context,
  }) => {
    const { pkg, modal } = await setUpAndOpenQuote(page, api, 14);
    const cart = modal.getByRole('table', { name: 'Product Cart' });
    const lastQuantity = cart.getByRole('spinbutton', { name: `Quantity of ${pkg.itemNo}` }).last();
    await lastQuantity.scrollIntoViewIfNeeded();
    // The modal is scrolled: its top (where banners used to be) is out of sight.
    const scrolled = await modal.locator('.modal-body').evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(300);

    // A quantity past the limit is refused under the field before anything is sent (the domain's
    // one limit); a change the server cannot take (the network gone) is told in a toast.
    await lastQuantity.fill('200000');
    await lastQuantity.press('Enter');
    await expect(cart.getByText('Enter a whole number from 1 to 100,000.')).toBeVisible();
    await context.setOffline(true);
    await lastQuantity.fill('15');
    await lastQuantity.press('Enter');
    const toast = page.getByTestId('toast').filter({ hasText: 'The cart was not changed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Network response was not ok.');
    await expect(toast).not.toContainText('body.');
    await context.setOffline(false);
    // The refused quantity is not left on screen: the field shows the saved one again.
    await expect(lastQuantity).toHaveValue('14');
    await expectInViewport(toast);
    await expectUncovered(toast);
    await page.screenshot({ path: `${SHOTS}/b-toast.png` });

    // Send Email for a customer without an address: its dialog says so and asks for one, where
    // the clerk is looking; Cancel sends nothing.
    await modal.getByRole('button', { name: 'Send Email' }).click();
    const email = page.getByRole('dialog', { name: /by e-mail/ });
    await expect(email.getByLabel('To', { exact: true })).toHaveValue('');
    await expect(email).toContainText('has no e-mail address on file');
    await email.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(email.getByText('To is required')).toBeVisible();
    await expectInViewport(email.getByText('To is required'));
    await page.screenshot({ path: `${SHOTS}/b-send-email-dialog.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectInViewport(email.getByRole('button', { name: 'Send', exact: true }));
    await page.screenshot({ path: `${SHOTS}/b-send-email-dialog-1024.png` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await email.getByRole('button', { name: 'Cancel' }).click();
    await expect(email).toHaveCount(0);

    // A price override with three decimals stays in error, in plain words, and Escape restores it.
    const override = cart.getByRole('spinbutton', { name: `Price override of ${pkg.itemNo}` }).last();
    await override.fill('12.345');
    await override.press('Enter');
    await expect(override).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByText('Use dollars and cents, e.g. 12.35')).toBeVisible();
    await override.press('Escape');
    await expect(override).toHaveValue('');
    await expect(modal).toBeVisible();

    // The '?' price breakdown of the last line, just above the footer, is whole.
    const lastRow = cart.getByRole('row').filter({ hasText: pkg.itemNo }).last();
    await lastRow.getByRole('button', { name: `Price breakdown of ${pkg.itemNo}` }).click();
    const breakdown = page.getByRole('tooltip').filter({ hasText: `Price breakdown - ${pkg.itemNo}` });
    await expect(breakdown).toBeVisible();
    await expectInViewport(breakdown);
    await expectUncovered(breakdown);
    await page.screenshot({ path: `${SHOTS}/b-price-popover.png` });
    await lastRow.getByRole('button', { name: `Price breakdown of ${pkg.itemNo}` }).click();
    await expect(breakdown).toBeHidden();

    // Modifier Details of the last line, opened near the footer, is whole too.
    await lastRow.getByRole('button', { name: `Expand package line ${pkg.itemNo}` }).click();
    const lift = modal.getByRole('region', { name: 'Lift modifiers' }).last();
    const details = lift.getByRole('button', { name: /^High lift/ });
    await details.scrollIntoViewIfNeeded();
    // Put the modifier's button just above the footer, as when it is the last thing on screen.
    await details.evaluate((el) => {
      const body = el.closest('.modal-body')!;
      const footerTop = body.getBoundingClientRect().bottom;
      body.scrollTop += el.getBoundingClientRect().bottom - footerTop + 8;
    });
    await details.click();
    const popover = page.getByRole('tooltip').filter({ hasText: 'Modifier Details' });
    await expect(popover).toBeVisible();
    await expectInViewport(popover);
    await expectUncovered(popover);
    // ... and beside its button, not over it.
    const [b, p] = [(await details.boundingBox())!, (await popover.boundingBox())!];
    expect(p.y + p.height <= b.y || p.y >= b.y + b.height || p.x >= b.x + b.width || p.x + p.width <= b.x).toBe(true);
    await page.screenshot({ path: `${SHOTS}/b-modifier-popover.png` });
  });

  test('closing with an edited Job Name asks; Keep editing keeps the edit, Discard drops it', async ({ page, api }) => {
    const { quote, modal } = await setUpAndOpenQuote(page, api, 1);
    const jobName = modal.getByLabel('Job Name');
    await jobName.fill(`${quote.jobName} - rev B`);

    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Discard changes?' });
    await expect(ask).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/b-discard.png` });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(modal).toBeVisible();
    await expect(jobName).toHaveValue(`${quote.jobName} - rev B`);

    // Escape and a click on the backdrop ask too.
    await jobName.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await page.mouse.click(8, 400); // the backdrop, left of the modal
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expect(modal).toBeHidden();

    // Nothing was saved.
    const again = await openQuote(page, quote);
    await expect(again.getByLabel('Job Name')).toHaveValue(quote.jobName);
    // Unedited, Close closes at once.
    await again.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(again).toBeHidden();
    await expect(ask).toBeHidden();
  });

  test('the focus opens in the first field and stays on the button after Create', async ({ page, api }) => {
    const { customer } = await setUp(api, 0);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('tab', { name: 'Quotes', exact: true }).click();
    await page.getByRole('button', { name: 'Create Quote' }).click();
    const modal = page.getByRole('dialog', { name: /Quote/ });
    const customerField = modal.getByLabel('Customer', { exact: true });
    await expect(customerField).toBeFocused();
    await customerField.pressSequentially(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await modal.getByLabel('Job Name').fill('Focus check');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByTestId('toast').getByText(/^Create succeeded - ID: \d+$/)).toBeVisible();
    await expect(modal.getByRole('heading', { name: /^Edit Quote/ })).toBeVisible();
    // Issue 19: focus stays on the control that acted (Create, now Save), not in the first field.
    await expect(modal.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.closest('.modal') !== null)).toBe(true);
  });
});
