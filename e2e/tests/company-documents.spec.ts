import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { uniqueSuffix } from './api-helpers.js';
import { ADMIN, openQuoteForEdit, signIn, test } from './fixtures.js';

/**
 * Issue 11, customer documents: an administrator edits the letterhead in Admin > Company, the top
 * bar shows the new name, and a quote downloaded afterwards carries it (read back with pdftotext):
 * name, address, phone, e-mail, "Valid until" and the footer on its one page.
 */

const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFINFO = '/usr/bin/pdfinfo';

test.describe('company settings on documents', () => {
  test('Admin > Company: a new letterhead is saved and printed on the next quote PDF', async ({
    page,
    api,
  }, testInfo) => {
    test.setTimeout(60_000);
    const s = uniqueSuffix();
    const original = await api.get<Record<string, unknown>>('/api/settings/company');
    const pkg = await api.createPackage({
      itemNo: `PKG-${s}`,
      itemDescription: '9x7 steel sectional door package',
      wholesalePrice: 640,
    });
    const customer = await api.createCustomer({ name: `Ridgeview Homes ${s}`, useTax: true });
    const jobName = `Lot 14 ${s}`;
    const quote = await api.createDocument('quote', { customerId: customer.id, jobName });
    await api.addLine('quote', quote.id, pkg.id, 1);
    const name = `Sierra Door Supply ${s}`;
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true }).click();
      await page.getByRole('tab', { name: 'Company', exact: true }).click();
      const form = page.getByRole('form', { name: 'Company settings' });
      await expect(form.getByLabel('Company name')).toHaveValue(String(original.name));

      await form.getByLabel('Company name').fill(name);
      await form.getByLabel('Street').fill('1200 Industrial Way');
      await form.getByLabel('City').fill('Sacramento');
      await form.getByLabel('State').fill('CA');
      await form.getByLabel('ZIP code').fill('95815');
      await form.getByLabel('Phone').fill('(916) 555-0142');
      await form.getByLabel('E-mail').fill('sales at sierra');
      await form.getByLabel('Quote validity (days)').fill('45');
      await form.getByLabel('Terms').fill('Special-order doors need a 50 percent deposit.');
      await form.getByRole('button', { name: 'Save' }).click();
      // A bad address is named next to its field, and nothing is saved.
      await expect(form.getByText('E-mail must be an e-mail address, e.g. sales@example.com')).toBeVisible();
      await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: 'test-results/screenshots/company-tab-error.png' });

      await form.getByLabel('E-mail').fill('sales@sierra-doors.example.com');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Update Succeeded')).toBeVisible();
      await expect(page.getByRole('navigation')).toContainText(name);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: 'test-results/screenshots/company-tab.png' });
      // Kept after a reload.
      await page.reload();
      await expect(
        page.getByRole('form', { name: 'Company settings' }).getByLabel('Quote validity (days)'),
      ).toHaveValue('45');

      await page.getByRole('navigation').getByRole('link', { name: 'Sales' }).click();
      const modal = await openQuoteForEdit(page, { id: quote.id, jobName });
      const downloading = page.waitForEvent('download');
      await modal.getByRole('button', { name: 'Download Quote' }).click();
      const download = await downloading;
      const file = testInfo.outputPath('quote.pdf');
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (existsSync(PDFTOTEXT) && existsSync(PDFINFO)) {
        expect(execFileSync(PDFINFO, [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
        const text = execFileSync(PDFTOTEXT, ['-layout', file, '-'], { encoding: 'utf8' });
        const quoteDate = String((await api.get<{ quoteDate: string }>(`/api/quotes/${quote.id}`)).quoteDate);
        const [y, m, d] = quoteDate.split('-').map(Number) as [number, number, number];
        const validUntil = new Date(Date.UTC(y, m - 1, d + 45)).toISOString().slice(0, 10);
        for (const expected of [
          name,
          '1200 Industrial Way',
          'Sacramento, CA 95815',
          'Phone: (916) 555-0142',
          'E-mail: sales@sierra-doors.example.com',
          `Valid until ${validUntil}`,
          'Special-order doors need a 50 percent deposit.',
          `${name} - Quote ${quote.id}`,
          'Page 1 of 1',
        ]) {
          expect(text, expected).toContain(expected);
        }
      }
    } finally {
      // Leave the letterhead as the other specs expect it.
      await api.put('/api/settings/company', { ...original, version: undefined });
    }
  });
});
