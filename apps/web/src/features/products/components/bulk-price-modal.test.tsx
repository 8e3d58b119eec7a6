import type { Page, Product } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../../test/fake-api';
import { aProduct, PRODUCT_TYPES, renderWithClient } from '../test/render-with-client';
import { ProductCatalog } from './product-catalog';

const page = (items: Product[]): Page<Product> => ({
  items,
  filtered: items.length,
  total: items.length,
  page: 1,
  size: 10,
});

const preview = {
  count: 2,
  applied: false,
  sample: [
    { id: 1, itemNo: 'SPR-1', fromCents: 84500, toCents: 88303 },
    { id: 2, itemNo: 'SPR-2', fromCents: 1000, toCents: 1045 },
  ],
};

describe('Bulk price change', () => {
  it('previews, then applies that preview once with an Idempotency-Key; an edit asks for a new preview', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubApi({
      'GET /api/products/': ok(page([aProduct()])),
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'POST /api/products/bulk-price': ({ body }) => {
        const parsed = JSON.parse(body!);
        bodies.push(parsed);
        return parsed.dryRun
          ? ok(preview, '2 products would change')
          : ok({ ...preview, applied: true }, '2 products changed');
      },
    });
    const user = userEvent.setup();
    renderWithClient(<ProductCatalog />);
    await user.click(await screen.findByRole('button', { name: 'Bulk price change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk price change' });
    const modal = within(dialog);
    const apply = () => modal.getByRole('button', { name: /^Apply/ });
    expect((apply() as HTMLButtonElement).disabled).toBe(true);

    // Nothing typed: said at the field, nothing sent.
    await user.click(modal.getByRole('button', { name: 'Preview' }));
    expect(modal.getByText('Enter the percentage, e.g. 4.5 or -10.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(modal.getByLabelText('Item No starts with'), 'SPR');
    await user.selectOptions(modal.getByLabelText('Multiplier category'), 'Sectional');
    await user.type(modal.getByLabelText(/^Percent/), '4.5');
    await user.click(modal.getByRole('button', { name: 'Preview' }));
    expect(await modal.findByText('2 products would change.')).toBeInTheDocument();
    expect(modal.getByText('883.03')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      filter: { multiplierCategory: 'Sectional', itemNoPrefix: 'SPR' },
      percent: 4.5,
      dryRun: true,
    });

    // An edit after the preview: Apply waits for a new preview.
    await user.type(modal.getByLabelText(/^Percent/), '0');
    expect((apply() as HTMLButtonElement).disabled).toBe(true);
    await user.clear(modal.getByLabelText(/^Percent/));
    await user.type(modal.getByLabelText(/^Percent/), '4.5');
    await user.click(modal.getByRole('button', { name: 'Preview' }));
    await user.click(await modal.findByRole('button', { name: 'Apply to 2 products' }));

    expect(await modal.findByText('2 products changed.')).toBeInTheDocument();
    const applied = fetchMock.mock.calls.filter(
      ([url, init]) => String(url) === '/api/products/bulk-price' && !JSON.parse(String(init!.body)).dryRun,
    );
    expect(applied).toHaveLength(1);
    expect((applied[0]![1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/\S{16,}/);
    expect(bodies.at(-1)).toEqual({
      filter: { multiplierCategory: 'Sectional', itemNoPrefix: 'SPR' },
      percent: 4.5,
      dryRun: false,
    });
    // Applied: the preview is gone, so a second press cannot send it again.
    expect((apply() as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal and keeps the form", async () => {
    stubApi({
      'GET /api/products/': ok(page([aProduct()])),
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
      'POST /api/products/bulk-price': failed(
        400,
        'This change would take 1 price below $0.00: SPR-2 ($0.10 to -$4.90). Nothing was changed.',
      ),
    });
    const user = userEvent.setup();
    renderWithClient(<ProductCatalog />);
    await user.click(await screen.findByRole('button', { name: 'Bulk price change' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Bulk price change' }));
    await user.click(modal.getByLabelText('By amount ($)'));
    await user.type(modal.getByLabelText(/^Amount/), '-5');
    await user.click(modal.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(modal.getByText(/would take 1 price below \$0\.00: SPR-2 \(\$0\.10 to -\$4\.90\)/)).toBeInTheDocument(),
    );
    expect((modal.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('-5');
  });
});
