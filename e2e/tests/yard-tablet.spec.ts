import { expect, type Page } from '@playwright/test';
import { AdminApi, uniqueSuffix } from './api-helpers.js';
import { ADMIN, type Bays, loadingBay, signIn, test } from './fixtures.js';

/**
 * Issue 16, the yard tablet: the scan field finds the bay holding a scanned pick ticket's order
 * and ticks it (completing stays one press); the app installs (manifest, icons, full screen); with
 * the network gone, a reload still shows the last known bays, marked stale, not an error page.
 * Bay 6 is used, and left empty.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 1024, height: 768 } });

/**
 * Where both tests start: a pickup-ready order named `jobName` loaded in bay 6 through the API, and
 * the administrator on the Loading Grid. The order.
 */
async function orderInBay6OnGrid(page: Page, api: AdminApi, bays: Bays, jobName: string) {
  const s = uniqueSuffix();
  const customer = await api.createCustomer({ name: `Tablet Yard ${s}`, customerNo: `TY-${s}` });
  const part = await api.createProduct({ itemNo: `TAB-${s}`, itemDescription: 'Torsion spring 0.243 x 2 x 32' });
  const order = await api.pickupOrder(customer.id, jobName, [{ productId: part.id, quantity: 2 }]);
  await bays.place([[order, 6]]);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/loaders');
  await expect(page.getByRole('tab', { name: 'Loading Grid' })).toHaveAttribute('aria-selected', 'true');
  return order;
}

test('a scanned pick ticket selects its bay for completion; an order in no bay is said plainly; Complete Orders completes it', async ({
  page,
  api,
  bays,
}) => {
  const order = await orderInBay6OnGrid(page, api, bays, `Scan job ${uniqueSuffix()}`);
  const field = page.getByLabel('Scan pick ticket');
  await expect(field).toBeFocused();
  await expect(loadingBay(page, 6)).toContainText(`Order #${order.id}`);

  // A USB scanner is a keyboard: it types the code and Enter.
  await page.keyboard.type(String(order.id));
  await page.keyboard.press('Enter');
  const answer = page.getByTestId('scan-answer');
  await expect(answer).toContainText(`Order #${order.id} is in Bay 6`);
  await expect(loadingBay(page, 6)).toHaveAttribute('data-scanned', 'true');
  await expect(loadingBay(page, 6).getByRole('checkbox', { name: 'Complete Order' })).toBeChecked();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  // Nothing is completed by the scan itself.
  expect(await api.get(`/api/orders/${order.id}`)).toMatchObject({ current_load: true, loading_bay: 6 });

  await page.keyboard.type('99999999');
  await page.keyboard.press('Enter');
  await expect(answer).toHaveText('Order #99999999 is not in any bay.');
  await expect(loadingBay(page, 6).getByRole('checkbox', { name: 'Complete Order' })).toBeChecked();

  await page.getByRole('button', { name: 'Complete Orders' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Orders successfully completed.' })).toBeVisible();
  await expect(loadingBay(page, 6)).not.toContainText(`Order #${order.id}`);
});

test('installs as a full-screen app on a tablet, and a reload with the network gone shows the last known bays, marked stale', async ({
  page,
  context,
  api,
  bays,
}) => {
  const order = await orderInBay6OnGrid(page, api, bays, `Offline tablet ${uniqueSuffix()}`);
  // The manifest and its icons.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ start_url: '/loaders', display: 'fullscreen', scope: '/' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  expect((manifest.icons as { sizes: string }[]).map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  // The service worker takes the page; a reload then goes through it and leaves its copies.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(loadingBay(page, 6)).toContainText(`Order #${order.id}`);
  await expect(page.getByTestId('bays-stale')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The app, not the browser's error page: the bays as last seen, said to be stale.
  await expect(loadingBay(page, 6)).toContainText(`Order #${order.id}`);
  await expect(loadingBay(page, 6)).toContainText('Torsion spring');
  await expect(page.getByTestId('bays-stale')).toContainText('Offline: the bays as last seen at');
  await expect(page.locator('[data-live]')).toHaveAttribute('data-live', 'offline');

  // Back online: fresh bays, and the stale note goes by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('bays-stale')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[data-live]')).toHaveAttribute('data-live', 'live', { timeout: 35_000 });

  // Signing out deletes the copies: offline again, nothing of the yard is shown.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.setOffline(true);
  await page.goto('/loaders').catch(() => {});
  await expect(page.getByText('Could not check your session')).toBeVisible();
  await expect(page.getByText(`Order #${order.id}`)).toHaveCount(0);
});
