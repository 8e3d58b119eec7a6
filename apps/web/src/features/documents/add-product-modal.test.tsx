import type { Product, ProductPrices } from '@desk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { aProduct, aProductPrice } from '../../test/records';
import { renderWithQuery } from '../../test/render-with-query';
import { requestsTo } from '../../test/stub-sales';
import { AddProductModal } from './add-product-modal';

const products: Product[] = [
  aProduct({ id: 4, itemNo: 'PKG-1607', itemDescription: '16x7 door package', wholesalePrice: 1234.56 }),
  aProduct({ id: 9, itemNo: 'SEAL-16', itemDescription: 'Bottom seal', wholesalePrice: 10.1 }),
];

const prices: ProductPrices = {
  customer: { id: 7, name: 'Sierra Door Installers' },
  document: { kind: 'quote', id: 16 },
  // 1,111.10 and 8.59.
  items: [
    aProductPrice(4, 'PKG-1607', 123456, 'Sectional', 0.9, true),
    aProductPrice(9, 'SEAL-16', 1010, 'Residential', 0.85),
  ],
};

describe('Add Product (the cart)', () => {
  it("lists each product with the document's customer's price, as the server priced it, and explains the one chosen", async () => {
    const fetchMock = stubApi({ 'GET /api/products/': ok(products), 'GET /api/search/prices': ok(prices) });
    const user = userEvent.setup();
    renderWithQuery(<AddProductModal show kind="quote" docId={16} onLink={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Product'), 'e');
    const options = await screen.findAllByRole('option', { name: /\$/ });
    expect(options.map((o) => o.textContent)).toEqual([
      'PKG-1607 - 16x7 door package · $1,111.10',
      'SEAL-16 - Bottom seal · $8.59',
    ]);
    // The quote's prices: its copied multipliers, one request for the whole list.
    expect(requestsTo(fetchMock, '/api/search/prices')).toEqual(['/api/search/prices?quote=16']);
    await user.click(options[1]!);
    expect(
      await screen.findByText(
        (_, el) => el?.textContent === 'Price for Sierra Door Installers: $8.59 each (list 10.10 × Residential 0.85)',
      ),
    ).toBeInTheDocument();
  });
});
