import type { Page, Product } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../../test/fake-api';
import { aPackage, aProduct, PRODUCT_TYPES, renderWithClient } from '../test/render-with-client';
import { ProductCatalog } from './product-catalog';

const page = (items: Product[]): Page<Product> => ({ items, filtered: items.length, total: 40, page: 1, size: 10 });

describe('ProductCatalog', () => {
  it('lists a page of products with prices to 2 decimals', async () => {
    const fetchMock = stubApi({
      'GET /api/products/': ok(
        page([aProduct({ wholesalePrice: 1234.5, stock: { onHand: 417, available: -3 } }), aPackage({ stock: null })]),
      ),
    });
    renderWithClient(<ProductCatalog />);

    const table = await screen.findByRole('table', { name: 'Product catalog' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Product ID',
      'Item No',
      'Item Description',
      'Wholesale Price',
      'Modifier Cost',
      'Product Type',
      'On Hand',
      'Available',
      'Actions',
    ]);
    expect(await within(table).findByText('1,234.50')).toBeInTheDocument();
    // Stock (docs/stock.md): a part's on hand and available, short in words; a package has none.
    const [part, pkg] = within(table).getAllByRole('row').slice(2);
    expect(within(part!).getByText('417')).toBeInTheDocument();
    expect(within(part!).getByText('(3 short)')).toBeInTheDocument();
    expect(within(pkg!).getAllByText('\u2014')).toHaveLength(2);
    expect(within(table).getByText('38.00')).toBeInTheDocument();
    expect(within(table).getByText('Door Package')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 40 rows')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/products/?page=1&size=10&sort=id');
  });

  it("asks before deleting and shows the server's reason for refusing", async () => {
    stubApi({
      'GET /api/products/': ok(page([aPackage()])),
      'DELETE /api/products/delete/12': failed(409, 'Product 12 is used by 3 orders and cannot be deleted.'),
    });
    renderWithClient(<ProductCatalog />);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete product 12' }));
    expect(screen.getByText('Are you sure you would like to delete the product (id: 12)?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Product delete failed')).toBeInTheDocument();
    expect(screen.getByText('Product 12 is used by 3 orders and cannot be deleted.')).toBeInTheDocument();
  });

  it('opens the copy in the editor after a duplicate', async () => {
    const copy = aPackage({ id: 13, itemNo: 'DP-1607-INS - copy' });
    stubApi({
      'GET /api/products/': ok(page([aPackage()])),
      'POST /api/products/duplicate/12': { status: 201, body: { status: 'OK', data: copy, message: '' } },
      'GET /api/products/13': ok(copy),
      'GET /api/dropdown/product-type': ok(PRODUCT_TYPES),
    });
    renderWithClient(<ProductCatalog />);

    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate product 12' }));
    expect((screen.getByLabelText('Item No') as HTMLInputElement).value).toBe('DP-1607-INS - copy');
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));

    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Duplicate Product' })).toBeNull());
    expect((screen.getByLabelText('Item No') as HTMLInputElement).value).toBe('DP-1607-INS - copy');
  });
});
