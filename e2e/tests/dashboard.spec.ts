import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, signIn, test } from './fixtures.js';

/**
 * Issue 20, "The business at a glance": an order placed today reaches the dashboard's figures
 * (its customer at the top of the ranking, in the table and in the CSV beside the chart), and
 * staff open the page only once an administrator has opened it to them.
 */
test('a large order placed today tops the customers, in the table and its CSV; staff see it once opened to them', async ({
  page,
  api,
  otherClerk: staff,
}) => {
  const s = uniqueSuffix();
  // A $27,000,000.00 order: larger than anything else the suite places, so it ranks first.
  const hangar = await api.createPackage({
    itemNo: `DASH-PKG-${s}`,
    itemDescription: 'Hangar door package',
    wholesalePrice: 9_000_000,
  });
  const customer = await api.createCustomer({ name: `Dashboard Hangars ${s}`, customerNo: `DH-${s}` });
  const order = await api.createDocument('order', { customerId: customer.id, jobName: `Hangar ${s}` });
  await api.addLine('order', order.id, hangar.id, 3);
  try {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const top = page.getByRole('region', { name: 'Top customers: the numbers' });
    await expect(top.getByRole('row').nth(1)).toContainText(`Dashboard Hangars ${s}`);
    await expect(top.getByRole('row').nth(1)).toContainText('$27,000,000.00');
    await expect(page.getByRole('img', { name: /^Order totals by week/ })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Top customers as CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\ufeffCustomer,Ordered\r\n')).toBe(true);
    expect(csv).toContain(`Dashboard Hangars ${s},2700000000\r\n`);

    // Staff: no link until an administrator opens the dashboard to them.
    const clerkPage = staff.page;
    const clerkNav = clerkPage.getByRole('navigation', { name: 'Main' });
    await expect(clerkNav.getByRole('link', { name: 'Sales' })).toBeVisible();
    await expect(clerkNav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    const toggle = page.getByRole('switch', { name: 'Staff can open the dashboard' });
    await expect(toggle).not.toBeChecked();
    // The switch shows what the server saved: it turns on once the answer is back.
    await toggle.click();
    await expect(toggle).toBeChecked();

    await clerkPage.reload();
    await clerkNav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(clerkPage.getByRole('region', { name: 'Top customers: the numbers' })).toContainText(
      `Dashboard Hangars ${s}`,
    );
    await expect(clerkPage.getByRole('switch', { name: 'Staff can open the dashboard' })).toHaveCount(0);
  } finally {
    await api.api.put('/api/dashboard/access', { data: { forStaff: false } });
    await api.api.delete(`/api/orders/delete/${order.id}`);
  }
});
