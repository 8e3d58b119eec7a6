import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, signIn, startCountByPrefix, test } from './fixtures.js';

/**
 * Issue 33 (docs/stock.md): a count from start to apply by an administrator. Two parts with an
 * item-number prefix of their own hold 5 and 3; the count finds 7 and 3; the review shows +2 and
 * 0 before Apply, and the stock list then shows 7 on hand.
 */
const SHOTS = process.env.SHOTS_DIR;

test('an administrator counts a prefix of parts and applies the count', async ({ page, api }) => {
  test.setTimeout(90_000);
  const s = uniqueSuffix();
  const prefix = `CNT${s}-`;
  const a = await api.createProduct({ itemNo: `${prefix}A`, itemDescription: 'Hinge #3' });
  const b = await api.createProduct({ itemNo: `${prefix}B`, itemDescription: 'Roller 2 in' });
  for (const [product, quantity] of [
    [a, 5],
    [b, 3],
  ] as const) {
    const res = await api.api.post('/api/stock/adjustments', {
      data: { productId: product.id, quantity, reason: 'initial' },
      headers: { 'Idempotency-Key': `count-${s}-${product.id}` },
    });
    expect(res.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stock', exact: true }).click();
  const dialog = await startCountByPrefix(page, prefix);
  await expect(dialog.getByRole('spinbutton', { name: `Counted ${a.itemNo}` })).toBeVisible();
  await dialog.getByRole('spinbutton', { name: `Counted ${a.itemNo}` }).fill('7');
  await dialog.getByRole('spinbutton', { name: `Counted ${b.itemNo}` }).fill('3');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-count-entry-1024.png` });
  await dialog.getByRole('button', { name: 'Save counts' }).click();
  await expect(dialog.getByText('Saved 2 of 2 counted')).toBeVisible();

  await dialog.getByRole('button', { name: 'Review and apply' }).click();
  const variances = dialog.getByRole('table', { name: 'Variances to apply' });
  await expect(variances.getByRole('row').filter({ hasText: a.itemNo })).toContainText('+2 (extra)');
  await expect(variances.getByRole('row').filter({ hasText: b.itemNo })).toContainText('0 (matches)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stock-count-review-1024.png` });
  await dialog.getByRole('button', { name: 'Apply count' }).click();
  await expect(dialog.getByText(/^Count \d+ applied$/)).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Applied variances' }).getByRole('row').filter({ hasText: a.itemNo }),
  ).toContainText('7');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  const counts = page.getByRole('table', { name: 'Counts, newest first' });
  await expect(counts.getByRole('row').nth(1)).toContainText('Applied');
  // The printable count sheet is a PDF.
  const sheet = await counts
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /^Sheet \(PDF\) of count \d+$/ })
    .getAttribute('href');
  const pdf = await page.request.get(sheet!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await page.getByRole('tab', { name: 'Stock', exact: true }).click();
  const list = page.getByRole('table', { name: 'Stock' });
  await list.getByLabel('Filter Item No').fill(prefix);
  await expect(list.getByRole('row').filter({ hasText: a.itemNo }).getByRole('cell').nth(3)).toHaveText('7');
});
