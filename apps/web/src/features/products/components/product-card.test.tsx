import type { FindResult, ProductPrices } from '@desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../test/fake-api';
import { aProduct, aProductPrice } from '../../../test/records';
import { renderWithQuery } from '../../../test/render-with-query';
import { requestsTo } from '../../../test/stub-sales';
import { ProductCard } from './product-card';

const found: FindResult = {
  customers: [{ id: 7, title: 'Sierra Door Installers', subtitle: 'C-4001' }],
  orders: [],
  quotes: [],
  products: [],
  vendorOrders: [],
};

const prices: ProductPrices = {
  customer: { id: 7, name: 'Sierra Door Installers' },
  document: null,
  // 312.55.
  items: [aProductPrice(5, 'OPN-BELT', 32900, 'Opener', 0.95)],
};

describe('ProductCard', () => {
  it("shows a part read-only with its list price, and a customer's price, as the server priced it, once a customer is chosen", async () => {
    const fetchMock = stubApi({
      'GET /api/products/5': ok(
        aProduct({
          id: 5,
          itemNo: 'OPN-BELT',
          itemDescription: 'Belt drive opener',
          wholesalePrice: 329,
          multiplierCategory: 'Opener',
          isPackage: false,
        }),
      ),
      'GET /api/search': ok(found),
      'GET /api/search/prices': ok(prices),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCard productId={5} onClose={vi.fn()} />);
    const card = await screen.findByRole('dialog', { name: 'Product OPN-BELT' });
    expect(within(card).getByText('Belt drive opener')).toBeInTheDocument();
    expect(within(card).getByText('$329.00')).toBeInTheDocument();
    // The list price is the product's own: no price look-up until a customer is chosen.
    expect(requestsTo(fetchMock, '/api/search/prices')).toEqual([]);

    await user.type(within(card).getByLabelText('Price for a customer'), 'sierra');
    await user.click(await within(card).findByRole('button', { name: 'Sierra Door Installers' }));
    expect(await within(card).findByText('$312.55')).toBeInTheDocument();
    expect(within(card).getByText('(list 329.00 × Opener 0.95)')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/search/prices')).toEqual(['/api/search/prices?products=5&customer=7']);

    await user.click(within(card).getByRole('button', { name: 'Show the list price only' }));
    expect(within(card).queryByText('$312.55')).toBeNull();
  });
});
