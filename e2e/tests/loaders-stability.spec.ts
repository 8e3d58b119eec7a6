import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { ADMIN, signIn } from './fixtures.js';

/**
 * Issue 19, "nothing moves": the Loading Grid reserves the bays' height and the summary line's
 * space before the data arrives (no layout shift above 0.02 while it loads, measured by the
 * browser's layout-shift entries), and axe-core finds no serious or critical violation on it: the
 * pick lists scroll from the keyboard and Refresh Bay meets AA contrast. The bay data and the
 * pickup list are held back until the empty grid is on screen, so the test sees the worst case.
 * Bays 7 and 8 are used; the orders are deleted afterwards.
 */

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

/** Answers matching requests only when `release` is called. */
async function hold(page: Page, url: string | RegExp) {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  let seen = 0;
  await page.route(url, async (route: Route) => {
    seen++;
    await released;
    await route.continue();
  });
  return { release: () => open(), seen: () => seen };
}

const VIEWPORTS = [
  { name: 'a phone', width: 360, height: 740 },
  { name: 'a yard tablet', width: 1024, height: 768 },
  { name: 'the counter PC', width: 1366, height: 768 },
];

test.describe('the Loading Grid while it loads', () => {
  // Sign-in, eight bays and an axe run: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  let api: AdminApi;
  const orders: number[] = [];
  let jobName = '';

  test.beforeAll(async ({ baseURL }) => {
    const s = uniqueSuffix();
    api = await AdminApi.open(baseURL!);
    const parts = await Promise.all(
      [1, 2, 3].map((i) =>
        api.createProduct({ itemNo: `CLS-${i}-${s}`, itemDescription: `Torsion spring ${i}, oil tempered, 250 in` }),
      ),
    );
    const customer = await api.createCustomer({ name: `Steady Yard Supply ${s}`, customerNo: `SY-${s}` });
    const make = async (job: string, lines: number) => {
      const order = await api.pickupOrder(
        customer.id,
        job,
        Array.from({ length: lines }, (_, i) => ({ productId: parts[i % parts.length]!.id, quantity: 1 + i })),
        'Forklift at the north door; call the site before leaving the yard, please',
      );
      orders.push(order.id);
      return order;
    };
    jobName = `Long pick list ${s}`;
    const long = await make(jobName, 16);
    const short = await make(`Short pick list ${s}`, 2);
    // Unassigned: the summary line is at its longest ("..., 1 not yet assigned to a bay").
    await make(`Waiting for a bay ${s}`, 1);
    await api.placeInBays([
      [long, 7],
      [short, 8],
    ]);
  });

  test.afterAll(async () => {
    await api.clearBays(orders.map((id) => ({ id })));
    for (const id of orders) await api.api.delete(`/api/orders/delete/${id}`);
    await api.dispose();
  });

  for (const vp of VIEWPORTS) {
    test(`on ${vp.name} (${vp.width}x${vp.height}): nothing moves when the data arrives, and axe finds nothing serious`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (e.hadRecentInput) continue;
            const sources = (e.sources ?? []).map((s) =>
              s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
            );
            window.__shifts.push({ value: e.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const bays = await hold(page, /\/api\/getGarageBayData\/\d+$/);
      const pickup = await hold(page, /\/api\/orders\/list\/pickup_ready$/);

      await page.goto('/loaders');
      const grid = page.locator('.bay-grid');
      const summary = page.locator('.bay-summary');
      const seven = page.getByRole('region', { name: 'Loading Bay 7', exact: true });
      await expect(seven).toBeVisible();
      await expect.poll(() => bays.seen()).toBe(8);
      await expect.poll(() => pickup.seen()).toBeGreaterThan(0);
      await expect(seven.getByText('Loading...')).toBeVisible();
      const before = {
        grid: await grid.boundingBox(),
        summary: await summary.boundingBox(),
        bay: await seven.boundingBox(),
      };

      bays.release();
      await expect(seven).toContainText(jobName);
      pickup.release();
      await expect(summary).toContainText('not yet assigned to a bay');
      await expect(page.locator('.bay-table')).toHaveCount(8);
      await page.waitForTimeout(500);

      // Every bay and the summary line are where and as tall as they were before the data came.
      expect(await summary.boundingBox()).toEqual(before.summary);
      expect(await grid.boundingBox()).toEqual(before.grid);
      expect(await seven.boundingBox()).toEqual(before.bay);
      const shifts = await page.evaluate(() => window.__shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);

      // The long pick list scrolls from the keyboard: it takes focus, and the arrow keys move it.
      const list = seven.getByRole('region', { name: 'Loading Bay 7 pick list' });
      await list.focus();
      await expect(list).toBeFocused();
      await page.keyboard.press('PageDown');
      await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const serious = axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});
