import { expect, type Page } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, signIn, test } from './fixtures.js';

/**
 * The lists on the yard tablet (1024 x 768): every column fits, the row's actions included. Before,
 * the orders table was 112 px wider than its card and a row's Edit and Delete were off screen
 * behind a sideways scroll; its headers now wrap and the actions stack under 1200 px. And on a
 * 412 px phone, Sales' four tabs on one line (the fourth wrapped under the others before).
 */
test.use({ viewport: { width: 1024, height: 768 } });

async function expectFits(page: Page, tableName: RegExp, lastAction: RegExp) {
  const table = page.getByRole('table', { name: tableName });
  const button = table.getByRole('button', { name: lastAction }).first();
  await expect(button).toBeVisible();
  const wrapper = table.locator('xpath=..');
  const { scroll, client } = await wrapper.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `${tableName}: no sideways scroll`).toBeLessThanOrEqual(client);
  const box = (await button.boundingBox())!;
  expect(box.x + box.width, `${tableName}: its actions on screen`).toBeLessThanOrEqual(1024);
}

test('the Sales lists fit the tablet: no sideways scroll, every row action on screen', async ({ page, api }) => {
  const s = uniqueSuffix();
  const customer = await api.createCustomer({
    name: `Tablet Westfield Property Maintenance ${s}`,
    customerNo: `TL-${s}`,
  });
  await api.post('/api/orders/create', {
    customer: { id: customer.id },
    jobName: `Port of West Sacramento - warehouse 7 - dock doors ${s}`,
  });
  // Words that do not break by themselves (a pasted reference, markup typed into a field): the
  // full suite's shared database has such rows, and they widened the table past its card.
  await api.post('/api/orders/create', {
    customer: { id: customer.id },
    jobName: `WSAC-WAREHOUSE-7-NORTH-DOCK-DOORS-REPLACEMENT-${s} <img src=x onerror="window.__xss='${s}'">`,
    poNumber: `PO#WSAC/2026-11/DOCKDOORS-NORTHBAY-${s}`,
  });
  await api.post('/api/quotes/create', {
    customer: { id: customer.id },
    jobName: `Yuba-Sutter Overhead Door - two sectional doors ${s}`,
  });
  await signIn(page, ADMIN.username, ADMIN.password);

  await expectFits(page, /orders/i, /^Delete order \d+$/);
  for (const [tab, table, action] of [
    ['Quotes', /quotes/i, /^Delete quote \d+$/],
    ['Customers', /customers/i, /^Delete customer \d+$/],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expectFits(page, table, action);
  }
});

test.describe('on a phone (412 x 915)', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("Sales' four tabs share one line", async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(4);
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
  });
});
