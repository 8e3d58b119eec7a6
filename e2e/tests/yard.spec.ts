import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { ADMIN, signIn, test } from './fixtures.js';

/**
 * Issue 11, "the yard sees what to load": Complete Orders per bay (a contractor with loads in two
 * bays), Complete Orders offline, and the Loading Grid on a laptop, a large monitor and a yard
 * tablet. Orders and bay places are set up through the API; the steps under test are on screen.
 * Bays 3 to 8 are used (loaders-admin uses 1 and 2), and every test leaves its bays empty.
 */

interface Load {
  id: number;
  jobName: string;
}

const bayCard = (page: Page, bay: number) => page.getByRole('region', { name: `Loading Bay ${bay}`, exact: true });
const completeBox = (card: Locator) => card.getByRole('checkbox', { name: 'Complete Order' });

async function openLoadingGrid(page: Page) {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation').getByRole('link', { name: 'Loaders' }).click();
  await expect(page.getByRole('tab', { name: 'Loading Grid' })).toHaveAttribute('aria-selected', 'true');
}

test.describe('the yard', () => {
  test('live: an order placed in a bay from another client shows on an open Loading Grid, then leaves it, without Refresh', async ({
    page,
    browser,
    api,
  }) => {
    const s = uniqueSuffix();
    const customer = await api.createCustomer({ name: `Live Yard ${s}`, customerNo: `LY-${s}` });
    const part = await api.createProduct({ itemNo: `LIVE-${s}`, itemDescription: 'Weather seal 16 ft' });
    const order = await api.pickupOrder(customer.id, `Live job ${s}`, [{ productId: part.id }]);
    // A second browser at another counter, on the Sales list: it makes the change.
    const other = await browser.newContext();
    try {
      await openLoadingGrid(page);
      const marker = page.locator('[data-live]');
      await expect(marker).toHaveAttribute('data-live', 'live');
      const eight = bayCard(page, 8);
      await expect(eight).not.toContainText(order.jobName);

      const clerk = await other.newPage();
      await signIn(clerk, ADMIN.username, ADMIN.password);
      const placed = await clerk.request.put('/api/orders/updateChosenJob', {
        data: [{ id: order.id, current_load: true, loading_bay: 8 }],
      });
      expect(placed.ok()).toBe(true);
      const started = Date.now();
      await expect(eight).toContainText(`Order #${order.id}`, { timeout: 3000 });
      console.log(`[live] bay 8 showed the order ${Date.now() - started} ms after the change`);

      await clerk.request.put('/api/orders/updateChosenJob', {
        data: [{ id: order.id, current_load: false, loading_bay: null }],
      });
      await expect(eight).not.toContainText(`Order #${order.id}`, { timeout: 3000 });
      // The Grid Manager follows too (its list is read again when the pickup list changes).
      await page.getByRole('tab', { name: 'Grid Manager' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Grid Manager' })).toContainText(order.jobName);
    } finally {
      await other.close();
      await api.clearBays([order]);
    }
  });

  test('one contractor, loads in bays 3 and 4: completing bay 3 leaves bay 4 loaded; notes and Next are shown', async ({
    page,
    api,
  }) => {
    const s = uniqueSuffix();
    const pkg = await api.createPackage({
      itemNo: `PKG-${s}`,
      itemDescription: '16x8 insulated door package',
      wholesalePrice: 900,
    });
    const section = await api.createProduct({ itemNo: `SEC-${s}`, itemDescription: 'Insulated section 16 ft' });
    await api.addAssociatedPart(pkg.id, section.id, 4);
    const contractor = await api.createCustomer({ name: `Delta Contractors ${s}`, customerNo: `DC-${s}` });
    const hall = await api.pickupOrder(
      contractor.id,
      `Riverside Hall ${s}`,
      [{ productId: pkg.id }],
      'Call Dana before loading',
    );
    const annex = await api.pickupOrder(contractor.id, `Riverside Annex ${s}`, [{ productId: pkg.id }]);
    const phase2 = await api.pickupOrder(contractor.id, `Riverside phase 2 ${s}`, [{ productId: section.id }]);
    // The hall's sections are almond: a sub-part note the loader must see.
    const hallLine = (await api.get<{ id: number }[]>(`/api/order-parts/${hall.id}`))[0]!;
    const [sectionRow] = await api.get<{ rowId: number }[]>(`/api/order-parts/sub-parts/${hallLine.id}`);
    await api.put(`/api/order-parts/update-subpart-assoc-notes/${hallLine.id}`, {
      rowId: sectionRow!.rowId,
      notes: 'Color: almond',
    });

    try {
      await api.placeInBays(
        [
          [hall, 3],
          [annex, 4],
        ],
        [[phase2, 3]],
      );
      await openLoadingGrid(page);
      const three = bayCard(page, 3);
      const four = bayCard(page, 4);
      await expect(three).toContainText(contractor.name);
      await expect(three).toContainText(hall.jobName);
      await expect(three).toContainText(`Order #${hall.id}`);
      await expect(three).toContainText('Special Instructions: Call Dana before loading');
      await expect(three.getByRole('row', { name: new RegExp(section.itemNo) })).toContainText('Color: almond');
      await expect(three).toContainText(`Next#${phase2.id} ${contractor.name}`);
      await expect(four).toContainText(`Order #${annex.id}`);

      // Ticking bay 3 does not tick bay 4, although it is the same customer.
      await completeBox(three).check();
      await expect(completeBox(four)).not.toBeChecked();
      await page.getByRole('button', { name: 'Complete Orders' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Orders successfully completed.' })).toBeVisible();

      // Bay 3 has no load now, but the next order waits for it: "Next", not "Empty".
      await expect(three).toContainText('No data available for this bay');
      await expect(three.getByText('Next', { exact: true })).toBeVisible();
      await expect(three).toContainText(`Order #${phase2.id}: assigned, not yet loaded`);
      await expect(three).not.toContainText('Empty');
      await expect(completeBox(three)).toBeDisabled();
      // Bay 4 is untouched.
      await expect(four).toContainText(annex.jobName);
      await expect(completeBox(four)).toBeEnabled();
      await expect(completeBox(four)).not.toBeChecked();

      const closed = await api.get<{ orderStatus: { type: string }; loading_bay: number | null }>(
        `/api/orders/${hall.id}`,
      );
      expect(closed).toMatchObject({ orderStatus: { type: 'Completed' }, loading_bay: null });
      expect(await api.get(`/api/orders/${annex.id}`)).toMatchObject({ current_load: true, loading_bay: 4 });
    } finally {
      await api.clearBays([annex, phase2]);
    }
  });

  test('Complete Orders offline says "Failed to complete orders." within 5 s and completes nothing when back online', async ({
    page,
    context,
    api,
    bays,
  }) => {
    const s = uniqueSuffix();
    const part = await api.createProduct({ itemNo: `OFF-${s}`, itemDescription: 'Weather seal, 16 ft' });
    const customer = await api.createCustomer({ name: `Offline Yard ${s}`, customerNo: `OY-${s}` });
    const order = await api.pickupOrder(customer.id, `Offline load ${s}`, [{ productId: part.id }]);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/orders/completeBayOrders')) sent.push(r.url());
    });
    await bays.place([[order, 5]]);
    await openLoadingGrid(page);
    const five = bayCard(page, 5);
    await expect(five).toContainText(order.jobName);
    await completeBox(five).check();

    await context.setOffline(true);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Complete Orders' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to complete orders.' })).toBeVisible({
      timeout: 5_000,
    });
    expect(Date.now() - clicked).toBeLessThan(5_000);
    await expect(page.getByRole('button', { name: 'Complete Orders' })).toBeEnabled();

    // Back online: nothing is sent behind the clerk's back; the load is still in its bay.
    const attempts = sent.length;
    await context.setOffline(false);
    await page.waitForTimeout(2_500);
    expect(sent.length).toBe(attempts);
    expect(await api.get(`/api/orders/${order.id}`)).toMatchObject({ current_load: true, loading_bay: 5 });
    await expect(page.getByRole('alert').filter({ hasText: 'Orders successfully completed.' })).toHaveCount(0);
    await expect(completeBox(five)).toBeChecked();
  });

  test('Grid Manager asks "Discard changes?" before leaving with unsaved bay changes, and only then', async ({
    page,
    api,
  }) => {
    const s = uniqueSuffix();
    const part = await api.createProduct({ itemNo: `GM-${s}`, itemDescription: 'Drum pair' });
    const customer = await api.createCustomer({ name: `Grid Manager Yard ${s}`, customerNo: `GM-${s}` });
    const order = await api.pickupOrder(customer.id, `Unsaved bay ${s}`, [{ productId: part.id }]);
    await openLoadingGrid(page);
    const gridTab = page.getByRole('tab', { name: 'Loading Grid' });
    await page.getByRole('tab', { name: 'Grid Manager' }).click();
    const bay = page.getByRole('combobox', { name: `Bay Assignment: order ${order.id}` });
    await expect(bay).toHaveValue('');
    // Nothing changed: the tab changes without a question.
    await gridTab.click();
    await expect(bayCard(page, 8)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Grid Manager' }).click();
    await bay.selectOption('6');
    await gridTab.click();
    const dialog = page.getByRole('dialog', { name: 'Discard changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(bay).toHaveValue('6');

    // Leaving the page for Sales asks too; discarding goes there, and nothing was saved.
    await page.getByRole('navigation').getByRole('link', { name: 'Sales' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/sales$/);
    expect(await api.get(`/api/orders/${order.id}`)).toMatchObject({ loading_bay: null });
  });

  test('Place in Bay asks before replacing a load and before loading an order waiting on a vendor order; the scan message goes with its load (issue 36)', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    const s = uniqueSuffix();
    const part = await api.createProduct({ itemNo: `ASK-${s}`, itemDescription: 'Steel section 9 ft' });
    const customer = await api.createCustomer({ name: `Asked Yard ${s}`, customerNo: `AY-${s}` });
    const first = await api.pickupOrder(customer.id, `Loaded first ${s}`, [{ productId: part.id }]);
    const second = await api.pickupOrder(customer.id, `Waits on panels ${s}`, [{ productId: part.id }]);
    const vo = await api.createVendorOrder({ name: `Panels ${s}`, estimatedArrival: '2099-12-04', status: 'Ordered' });
    await api.post('/api/linked-orders/create', { order: second.id, vendorOrder: vo.id });
    await api.placeInBays([[first, 5]]);
    const shot = async (name: string, show?: Locator) => {
      for (const [width, height] of [
        [1366, 768],
        [1024, 768],
      ] as const) {
        await page.setViewportSize({ width, height });
        // A bay card by itself (it scrolls into view first), or the whole window.
        if (show) await show.screenshot({ path: `/tmp/shots-bays/${name}-${width}.png` });
        else await page.screenshot({ path: `/tmp/shots-bays/${name}-${width}.png` });
      }
      await page.setViewportSize({ width: 1366, height: 768 });
    };
    try {
      await openLoadingGrid(page);
      await page.getByRole('tab', { name: 'Grid Manager' }).click();
      await page.getByRole('combobox', { name: `Bay Assignment: order ${second.id}` }).selectOption('5');
      await expect(page.getByText(`Bay 5 holds order ${first.id} (${customer.name})`)).toBeVisible();
      await page.getByRole('checkbox', { name: `In Bay: order ${second.id}` }).check();
      await shot('grid-manager-warning');
      await page.getByRole('button', { name: 'Place in Bay' }).click();
      const dialog = page.getByRole('dialog', { name: 'Place in Bay?' });
      await expect(dialog).toContainText(`Bay 5 already holds order ${first.id}`);
      await expect(dialog).toContainText(`Waiting on vendor order ${vo.id}, due Dec 4 - place it anyway?`);
      await expect(dialog.getByRole('checkbox', { name: /E-mail the customer/ })).not.toBeChecked();
      await shot('place-in-bay-dialog');
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
        [],
      );
      await dialog.getByRole('button', { name: 'Place anyway' }).click();
      await expect(page.getByText('Update completed successfully!')).toBeVisible();
      expect(await api.get(`/api/orders/${first.id}`)).toMatchObject({ current_load: false, loading_bay: 5 });
      expect(await api.get(`/api/orders/${second.id}`)).toMatchObject({ current_load: true, loading_bay: 5 });

      // The bay says what its load waits on; a scan ticks it; after Complete Orders the message goes.
      await page.getByRole('tab', { name: 'Loading Grid' }).click();
      const five = bayCard(page, 5);
      await expect(five).toContainText(`Waiting on vendor order ${vo.id}, expected Dec 4`);
      const scan = page.getByLabel('Scan pick ticket');
      await scan.fill(String(second.id));
      await scan.press('Enter');
      await expect(page.getByTestId('scan-answer')).toContainText('Press Complete Orders to complete it.');
      await shot('bay-waiting-scanned', five);
      await page.getByRole('button', { name: 'Complete Orders', exact: true }).click();
      await expect(page.getByText('Orders successfully completed.')).toBeVisible();
      await expect(page.getByTestId('scan-answer')).toHaveCount(0);
      await expect(page.getByText(/Press Complete Orders/)).toHaveCount(0);
      await expect(five).toContainText(`Order #${first.id}: assigned, not yet loaded`);
      await shot('after-complete', five);
    } finally {
      await api.clearBays([first, second]);
    }
  });

  test.describe('layout', () => {
    let api: AdminApi;
    let twelve: Load;
    let short: Load;

    test.beforeAll(async ({ baseURL }) => {
      const s = uniqueSuffix();
      api = await AdminApi.open(baseURL!);
      // Descriptions as long as the catalogue's: they wrap in a narrow bay.
      const parts = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          api.createProduct({
            itemNo: `LAY-${i + 1}-${s}`.slice(0, 40),
            itemDescription: `#${i + 1} residential hinge, 14 ga galvanized (center and first joint)`,
          }),
        ),
      );
      const customer = await api.createCustomer({ name: `Layout Yard ${s}`, customerNo: `LY-${s}` });
      twelve = await api.pickupOrder(
        customer.id,
        `Twelve lines ${s}`,
        parts.map((p) => ({ productId: p.id })),
      );
      short = await api.pickupOrder(customer.id, `Two lines ${s}`, [
        { productId: parts[0]!.id },
        { productId: parts[1]!.id },
      ]);
      await api.placeInBays([
        [twelve, 3],
        [short, 4],
      ]);
    });
    test.afterAll(async () => {
      await api.clearBays([twelve, short]);
      await api.dispose();
    });

    test('1366x768: a bay shows 8 of its 12 lines without any scrolling; the list scrolls by keyboard; empty bays do not scroll', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await openLoadingGrid(page);
      const three = bayCard(page, 3);
      await expect(three).toContainText('12 lines');
      const rows = three.locator('tbody tr');
      await expect(rows).toHaveCount(12);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const list = three.getByRole('region', { name: 'Loading Bay 3 pick list' });
      const listBox = (await list.boundingBox())!;
      for (let i = 0; i < 8; i++) {
        const box = (await rows.nth(i).boundingBox())!;
        expect(box.y + box.height, `line ${i + 1} is inside the list`).toBeLessThanOrEqual(
          listBox.y + listBox.height + 1,
        );
        expect(box.y + box.height, `line ${i + 1} is on the screen`).toBeLessThanOrEqual(768);
      }
      // The list is longer than its box: it scrolls, and a keyboard user can reach and scroll it.
      await expect(list).toHaveAttribute('tabindex', '0');
      await list.focus();
      await page.keyboard.press('End');
      await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

      // Empty bays and short lists have no scrollbar and no extra tab stop.
      for (const bay of [4, 7, 8]) {
        const scroller = bayCard(page, bay).locator('.bay-table-scroll');
        expect(await scroller.evaluate((el) => el.scrollHeight <= el.clientHeight), `bay ${bay}`).toBe(true);
        await expect(scroller).not.toHaveAttribute('tabindex');
      }
    });

    test('the bays keep their height while their data loads, and the summary line keeps its place', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, ADMIN.username, ADMIN.password);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/(getGarageBayData\/\d|orders\/list\/pickup_ready$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('navigation').getByRole('link', { name: 'Loaders' }).click();
      const cards = [3, 7].map((bay) => bayCard(page, bay));
      await expect(cards[0]!.getByText('Loading...')).toBeVisible();
      const before = await Promise.all(cards.map((c) => c.boundingBox()));
      release();
      await expect(cards[0]!).toContainText('12 lines');
      await expect(page.getByText(/ready for pickup/)).toBeVisible();
      const after = await Promise.all(cards.map((c) => c.boundingBox()));
      expect(after).toEqual(before);
    });

    test('1920x1080: the grid uses the full width of the screen', async ({ page }) => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await openLoadingGrid(page);
      await expect(bayCard(page, 3)).toContainText('12 lines');
      const grid = (await page.locator('.bay-grid').boundingBox())!;
      expect(grid.width).toBeGreaterThan(1920 * 0.95);
      // Four bays per row, each wide enough for its three columns.
      const first = (await bayCard(page, 1).boundingBox())!;
      const fourth = (await bayCard(page, 4).boundingBox())!;
      expect(Math.abs(first.y - fourth.y)).toBeLessThan(1);
      expect(first.width).toBeGreaterThan(430);
    });

    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
    ]) {
      test(`yard tablet ${viewport.width}x${viewport.height}: touch-sized controls, no sideways scrolling`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ viewport, hasTouch: true });
        const page = await context.newPage();
        try {
          await openLoadingGrid(page);
          const three = bayCard(page, 3);
          await expect(three).toContainText('12 lines');
          const targets: [string, Locator][] = [
            ['Complete Orders', page.getByRole('button', { name: 'Complete Orders' })],
            ['Refresh Bay', three.getByRole('button', { name: 'Refresh Bay' })],
            ['Complete Order label', three.locator('label', { hasText: 'Complete Order' })],
          ];
          for (const [name, target] of targets) {
            const box = (await target.boundingBox())!;
            expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
            expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
          }
          const checkbox = (await completeBox(three).boundingBox())!;
          expect(checkbox.height).toBeGreaterThanOrEqual(24);
          // A tap on the label ticks the bay.
          await three.locator('label', { hasText: 'Complete Order' }).tap();
          await expect(completeBox(three)).toBeChecked();
          // Two bays side by side; nothing wider than the screen.
          const one = (await bayCard(page, 1).boundingBox())!;
          const two = (await bayCard(page, 2).boundingBox())!;
          expect(Math.abs(one.y - two.y)).toBeLessThan(1);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        } finally {
          await context.close();
        }
      });
    }
  });
});
