import { expect, type Page } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { ADMIN, type Bays, createStaffUser, loadingBay, signIn, test } from './fixtures.js';

/**
 * Issue 37, finding 6: the yard tablet's offline copies (public/sw.js) last no longer than the
 * session. Kept with the user and the session's end, served none past it, with no prices in
 * them; a session that went idle, or that an administrator ended, shows nothing of the yard once
 * the tablet is offline. Bay 7 is used, and left empty.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 1024, height: 768 } });
// Sign-in, the service worker's first load and a reload, online and offline: more than the default.
test.describe.configure({ timeout: 90_000 });

async function loadInBay(api: AdminApi, bays: Bays, jobName: string, bay: number) {
  const s = uniqueSuffix();
  const customer = await api.createCustomer({
    name: `Offline Yard ${s}`,
    customerNo: `OY-${s}`,
    sectionalMultiplier: 1,
  });
  // A door package: its line is priced (a loose part's is 0 unless overridden).
  const part = await api.createPackage({
    itemNo: `OFF-${s}`,
    itemDescription: 'Door 16x7 insulated',
    wholesalePrice: 812.4,
    multiplierCategory: 'Sectional',
  });
  const order = await api.pickupOrder(customer.id, jobName, [{ productId: part.id, quantity: 2 }]);
  await bays.place([[order, bay]]);
  return order;
}

/** The grid through the service worker, its copies made; answers the kept copy of bay `n`. */
async function gridWithCopies(page: Page, base: string, orderId: number, n: number) {
  await page.goto(`${base}/loaders`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(loadingBay(page, n)).toContainText(`Order #${orderId}`);
  return page.evaluate(async (path) => {
    const kept = await (await caches.open('desk-yard-v1')).match(path);
    return kept ? ((await kept.json()) as { data: { printExcelModels: { price: number }[] } }) : null;
  }, `/api/getGarageBayData/${n}`);
}

test('offline copies are served no longer than the session lasts, and hold no prices', async ({
  page,
  context,
  api,
  bays,
}) => {
  const order = await loadInBay(api, bays, `Idle tablet ${uniqueSuffix()}`, 7);
  await signIn(page, ADMIN.username, ADMIN.password);
  const kept = await gridWithCopies(page, '', order.id, 7);
  // The copy says which rows are priced (1), never what they cost (2 x $812.40 here).
  expect(kept?.data.printExcelModels.map((r) => r.price)).toEqual([1]);
  // The copies are kept with the user and the session's end, which the server said.
  const meta = await page.evaluate(async () => {
    const m = await (await caches.open('desk-yard-v1')).match('/__desk-yard-meta');
    return m ? ((await m.json()) as { username: string; expiresAt: number }) : null;
  });
  expect(meta?.username).toBe(ADMIN.username);
  expect(meta!.expiresAt).toBeGreaterThan(Date.now());
  expect(meta!.expiresAt).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);

  // Offline before the session's end: the bays as last seen.
  await context.setOffline(true);
  await page.reload();
  await expect(loadingBay(page, 7)).toContainText(`Order #${order.id}`);
  await context.setOffline(false);

  // The session's end passes while the tablet is away (an idle limit of minutes, made a moment
  // ago here): offline, nothing of the yard is shown.
  await page.evaluate(async () => {
    const cache = await caches.open('desk-yard-v1');
    const m = (await (await cache.match('/__desk-yard-meta'))!.json()) as { username: string; expiresAt: number };
    await cache.put('/__desk-yard-meta', Response.json({ ...m, expiresAt: Date.now() - 1000 }));
  });
  await context.setOffline(true);
  await page.reload().catch(() => {});
  await expect(page.getByText(`Order #${order.id}`)).toHaveCount(0);
  await expect(loadingBay(page, 7)).toHaveCount(0);
});

test('a session an administrator ended shows nothing of the yard once the tablet is offline', async ({
  page,
  context,
  api,
  baseURL,
  bays,
}) => {
  const clerk = await createStaffUser(baseURL!, `tablet-${uniqueSuffix().toLowerCase()}`);
  const order = await loadInBay(api, bays, `Ended tablet ${uniqueSuffix()}`, 7);
  await signIn(page, clerk.username, clerk.password);
  const kept = await gridWithCopies(page, baseURL!, order.id, 7);
  expect(kept).not.toBeNull();

  // The administrator ends the clerk's sessions; the tablet's next request hears it.
  const ended = await api.api.delete(`/api/admin/users/${clerk.username}/sessions`);
  expect(ended.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Grid Manager' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('desk-yard-v1'))).toBe(false);

  await context.setOffline(true);
  await page.goto('/loaders').catch(() => {});
  await expect(page.getByText(`Order #${order.id}`)).toHaveCount(0);
  await expect(loadingBay(page, 7)).toHaveCount(0);
});
