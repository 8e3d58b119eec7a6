import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './fixtures.js';
import { AdminApi, uniqueSuffix } from './api-helpers.js';

/** Job names, customer names and notes holding markup show as text; nothing in them runs. */
test('markup in job names and notes is shown as text, never run', async ({ page, baseURL }) => {
  const api = await AdminApi.open(baseURL!);
  const tag = uniqueSuffix();
  const hostile = `<img src=x onerror="window.__xss='${tag}'"><b>Bold ${tag}</b>`;
  const customer = await api.createCustomer({ name: `Markup Doors <script>window.__xss=1</script> ${tag}` });
  const order = await api.createDocument('order', {
    customerId: customer.id,
    jobName: hostile,
    poNumber: `<i>${tag}</i>`,
  });
  const doc = await api.get<{ jobName: string }>(`/api/orders/${order.id}`);
  expect(doc.jobName).toBe(hostile);
  api.dispose();

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  const panel = page.getByRole('tabpanel');
  await panel.getByPlaceholder('Filter...').nth(1).fill(tag);
  const row = panel.getByRole('row').filter({ hasText: `Bold ${tag}` });
  await expect(row).toContainText(hostile);
  await expect(row).toContainText('<script>window.__xss=1</script>');
  await row.getByRole('button', { name: /edit/i }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Job Name')).toHaveValue(hostile);
  await expect(modal.getByText(`<script>window.__xss=1</script>`, { exact: false }).first()).toBeVisible();
  // No element was created from the markup, and no script ran.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
