import type { Customer, FindResult, Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { customer } from '../../test/customers';
import { renderApp } from '../../test/render-app';
import { requestsTo, stubSales } from '../../test/stub-sales';

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
    expect(options.map((o) => o.textContent)).toEqual([
      'Crème Brûlée DoorsFIND-77 · Zoë Quill',
      'Order #41 · Lakeside barnCrème Brûlée Doors · Open',
      'FND-SPR-250Torsion spring',
    ]);
    expect(within(listbox).getByRole('group', { name: 'Customers' })).toBeTruthy();
    // One search once typing paused, not one per key.
    expect(requestsTo(fetchMock, '/api/search?')).toEqual(['/api/search?q=creme&limit=5']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    // Staff cannot open the product editor: the product is shown, not offered.
    expect(options[2]!.getAttribute('aria-disabled')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id); // wrapped round
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: /Customer/ })).toBeTruthy();
    await waitFor(() => expect(router.location.search).toBe('?tab=customers'));
    expect(requestsTo(fetchMock, '/api/customers/7')).not.toHaveLength(0);
  });

  it('says when nothing matches', async () => {
    stubSales({
      'GET /api/search': ok({ customers: [], orders: [], quotes: [], products: [], vendorOrders: [] }),
      'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
    });
    const user = userEvent.setup();
    renderApp('/sales?tab=orders');
    await user.click(await screen.findByRole('button', { name: /^Search/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Find' });
    await user.type(within(dialog).getByRole('combobox'), 'zzz');
    expect(await within(dialog).findByText('Nothing matches "zzz".')).toBeTruthy();
  });
});
