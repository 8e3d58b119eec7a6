import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.mjs';
const base = 'http://127.0.0.1:3999';
const out = '/work/notes/shots';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await ctx.newPage();
await page.goto(`${base}/login`);
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('Harbor-lantern-93-quay');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/sales/);
const api = async (method, url, data) => {
  const r = await page.request.fetch(`${base}${url}`, { method, headers: { origin: base }, ...(data ? { data } : {}) });
  const j = await r.json();
  if (!r.ok()) throw new Error(`${method} ${url} ${r.status()} ${JSON.stringify(j)}`);
  return j.data;
};
const company = await api('GET', '/api/settings/company');
await api('PUT', '/api/settings/company', { ...company, hours: 'Mon-Fri 7:00-4:30, Sat 8:00-12:00' });
const cfg = await api('GET', '/api/grabAutoEmailConfig');
await api('POST', '/api/updateAutoEmailConfig', { ...cfg, readyForPickupEmail: true });
const pickups = await api('GET', '/api/orders/list/pickup_ready');
let target = null;
for (const p of pickups) {
  const c = await api('GET', `/api/customers/${p.customerId}`);
  if (c.email && !p.current_load) { target = p; break; }
}
if (!target) throw new Error('no pickup order with an e-mail');
const loads = pickups.filter((p) => p.current_load && p.loading_bay === 6);
await api('PUT', '/api/orders/updateChosenJob', [
  ...loads.map((l) => ({ id: l.id, current_load: false, loading_bay: l.loading_bay })),
  { id: target.id, current_load: true, loading_bay: 6 },
]);
await api('POST', `/api/send-emailOrder/${target.id}`, {});
await page.waitForTimeout(1500);
console.log('order', target.id);
await page.goto(`${base}/sales`);
await page.getByRole('tab', { name: 'Orders', exact: true }).click();
await page.getByLabel('Filter Job Name').fill(target.jobName);
await page.waitForTimeout(1200);
await page.getByRole('button', { name: `Edit order ${target.id}` }).click();
const modal = page.getByRole('dialog', { name: /Edit Order/ });
await modal.getByRole('button', { name: 'E-mails', exact: true }).click();
await page.waitForTimeout(800);
await modal.getByRole('table', { name: 'E-mails' }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/order-emails-1366.png` });
await modal.getByRole('button', { name: 'History', exact: true }).click();
await page.waitForTimeout(800);
await modal.getByTestId('history').evaluate((el) => el.scrollIntoView({ block: 'start' }));
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/order-history-1366.png` });
await page.keyboard.press('Escape');
await page.waitForTimeout(400);
for (const [w, h] of [[1366, 768], [1024, 768], [1920, 1080]]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${base}/admin?tab=email`);
  await page.getByRole('switch', { name: /placed in a bay/ }).waitFor();
  await page.screenshot({ path: `${out}/admin-email-${w}.png`, fullPage: true });
}
await page.setViewportSize({ width: 1366, height: 768 });
await page.goto(`${base}/sales`);
await page.getByRole('tab', { name: 'Customers' }).click();
await page.waitForTimeout(800);
await page.getByRole('button', { name: /^Edit customer/ }).first().click();
await page.getByRole('switch', { name: 'E-mail when an order is ready' }).waitFor();
await page.waitForTimeout(400);
await page.screenshot({ path: `${out}/customer-modal-1366.png` });
await browser.close();
