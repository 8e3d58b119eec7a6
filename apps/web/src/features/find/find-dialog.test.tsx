import type { AssociatedPart, Customer, FindResult, PackageModifier, Page, Product, ProductPrices } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { customer } from '../../test/customers';
import { renderApp } from '../../test/render-app';
import { requestsTo, stubSales, openSalesTab } from '../../test/stub-sales';

const found: FindResult = {
  customers: [{ id: 7, title: 'Crème Brûlée Doors', subtitle: 'FIND-77 · Zoë Quill' }],
  orders: [{ id: 41, title: 'Order #41 · Lakeside barn', subtitle: 'Crème Brûlée Doors · Open' }],
  quotes: [],
  products: [{ id: 3, title: 'FND-SPR-250', subtitle: 'Torsion spring' }],
  vendorOrders: [],
};

const page = (items: Customer[]) =>
  ok({ items, filtered: items.length, total: items.length, page: 1, size: 10 } satisfies Page<Customer>);

describe('Find (Ctrl+K)', () => {
  it('opens with Ctrl+K, searches as the user types, moves with the arrows and opens the record in its modal with Enter', async () => {
    const fetchMock = stubSales({
      'GET /api/customers/': page([customer(1)]),
      'GET /api/search': ok(found),
      'GET /api/search/prices': ok({
        customer: null,
        document: null,
        items: [
          {
            productId: 3,
            itemNo: 'FND-SPR-250',
            isPackage: false,
            baseCents: 4550,
            multiplierCategory: null,
            multiplier: 1,
            priceCents: 4550,
          },
        ],
      } satisfies ProductPrices),
      'GET /api/customers/7': ok(customer(7, { name: 'Crème Brûlée Doors' })),
      'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/sales?tab=orders');
    await screen.findByRole('table', { name: 'Open Orders' });

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find' });
    const box = within(dialog).getByRole('combobox', { name: 'Find' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, 'creme');

    const listbox = within(dialog).getByRole('listbox', { name: 'Results' });
    const options = await within(listbox).findAllByRole('option');
    // A product shows its list price, as the server priced it.
    await within(listbox).findByText('List $45.50');
    expect(options.map((o) => o.textContent)).toEqual([
      'Crème Brûlée DoorsFIND-77 · Zoë Quill',
      'Order #41 · Lakeside barnCrème Brûlée Doors · Open',
      'FND-SPR-250List $45.50Torsion spring',
    ]);
    expect(within(listbox).getByRole('group', { name: 'Customers' })).toBeInTheDocument();
    // One search once typing paused, not one per key; one price look-up for its products.
    expect(requestsTo(fetchMock, '/api/search?')).toEqual(['/api/search?q=creme&limit=5']);
    expect(requestsTo(fetchMock, '/api/search/prices')).toEqual(['/api/search/prices?products=3']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    // Staff open a product too (its read-only card; the editor is an administrator's).
    expect(options[2]!.getAttribute('aria-disabled')).toBeNull();

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id); // wrapped round
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: /Customer/ })).toBeInTheDocument();
    await waitFor(() => expect(router.location.search).toBe('?tab=customers'));
    expect(requestsTo(fetchMock, '/api/customers/7')).not.toHaveLength(0);
  });

  it("opens a product for staff as a read-only card: item number, description, price, the package's parts and modifiers", async () => {
    const { fetchMock, user } = openSalesTab('orders', {
      'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
      'GET /api/search': ok({
        ...found,
        customers: [],
        orders: [],
        products: [{ id: 9, title: 'PKG-16X7', subtitle: '16x7 insulated door' }],
      }),
      'GET /api/products/9': ok({
        id: 9,
        itemNo: 'PKG-16X7',
        itemDescription: '16x7 insulated steel sectional door package',
        wholesalePrice: 1000,
        multiplierCategory: 'Residential',
        productType: { id: 2, type: 'Door Package' },
        modifierCostIncrease: 0,
        windowsData: null,
        windowDescription: null,
        insertsData: null,
        insertDescription: null,
        isPackage: true,
        version: 1,
      } satisfies Product),
      'GET /api/package/associated-parts/9': ok([
        {
          id: 1,
          quantity: 8,
          child_id: 20,
          child_itemNo: 'HNG-3',
          child_itemDescription: 'Hinge #3',
          child_wholesalePrice: 2.5,
          child_productType_type: 'Hardware',
        },
      ] satisfies AssociatedPart[]),
      'GET /api/package/modifiers/package/9': ok([
        {
          id: 4,
          packageId: 9,
          category: 'Springs',
          name: '25k cycle pair',
          quantity: 2,
          product: { id: 30, itemNo: 'SPR-25K', itemDescription: 'Torsion spring 25k', modifierCostIncrease: 40 },
          notes: null,
          version: 1,
        },
      ] satisfies PackageModifier[]),
    });
    await screen.findByRole('table', { name: 'Open Orders' });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Find' }), 'pkg');
    await within(dialog).findByRole('option', { name: /PKG-16X7/ });
    await user.keyboard('{Enter}');

    const card = await screen.findByRole('dialog', { name: 'Product PKG-16X7' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find' })).toBeNull());
    expect(within(card).getByText('16x7 insulated steel sectional door package')).toBeInTheDocument();
    expect(within(card).getByText('$1,000.00')).toBeInTheDocument();
    expect(await within(card).findByRole('cell', { name: 'HNG-3' })).toBeInTheDocument();
    expect(await within(card).findByRole('cell', { name: '25k cycle pair' })).toBeInTheDocument();
    // Read-only: nothing to type into, nothing to save.
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Save/ })).toBeNull();
    expect(requestsTo(fetchMock, '/api/products/9')).not.toHaveLength(0);
  });

  it('says when nothing matches', async () => {
    const { user } = openSalesTab('orders', {
      'GET /api/search': ok({ customers: [], orders: [], quotes: [], products: [], vendorOrders: [] }),
      'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
    });
    await user.click(await screen.findByRole('button', { name: /^Search/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Find' });
    await user.type(within(dialog).getByRole('combobox'), 'zzz');
    expect(await within(dialog).findByText('Nothing matches "zzz".')).toBeInTheDocument();
  });
});
