import type { LinkedOrder, VendorOrder } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { aVendorOrder } from '../../test/records';
import { linkedOrderKeys, LinkedVendorOrders } from './linked-vendor-orders';

const clopay = aVendorOrder(1, {
  name: 'Clopay stock order #4471',
  description: '16x7 and 9x7 insulated sections, white',
  estimatedArrival: '2999-03-14',
});
const openers = aVendorOrder(3, { name: 'Pacific Opener Distributors PO 88213', status: 'Shipped' });
const track = aVendorOrder(5, { name: 'Midwest Track & Hardware #M-7719', estimatedArrival: '2000-01-05' });

const ORDER = {
  id: 7,
  jobName: 'Beaulieu residence - high lift 16x7',
  customerNo: 'C-1001',
  customerName: 'Beaulieu',
  orderStatus: 'Open',
};
const linkTo = (id: number, vo: VendorOrder): LinkedOrder => ({ id, order: ORDER, vendorOrder: vo });

function stubLinks(initial: LinkedOrder[], extra: Parameters<typeof stubApi>[0] = {}) {
  let links = initial;
  let nextId = 100;
  const fetchMock = stubApi({
    'GET /api/vendor-orders/': ok([clopay, openers, track]),
    'GET /api/linked-orders/vendor-orders/7': () => ok(links),
    'POST /api/linked-orders/create': ({ body }) => {
      const { vendorOrder } = JSON.parse(body!) as { vendorOrder: { id: number } };
      const vo = [clopay, openers, track].find((v) => v.id === vendorOrder.id)!;
      const created = linkTo(nextId++, vo);
      links = [...links, created];
      return { status: 201, body: { status: 'OK', data: created, message: 'Orders linked' } };
    },
    'DELETE /api/linked-orders/delete/41': () => {
      links = links.filter((l) => l.id !== 41);
      return ok(null, 'Link removed');
    },
    ...extra,
  });
  return fetchMock;
}

const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('LinkedVendorOrders (the order modal section)', () => {
  it('lists the linked vendor orders and leaves them out of the picker', async () => {
    stubLinks([linkTo(41, clopay)]);
    const user = userEvent.setup();
    renderWithQuery(<LinkedVendorOrders orderId={7} />);

    const table = screen.getByRole('table', { name: 'Linked vendor orders' });
    expect(within(table).getByRole('status').textContent).toContain('Loading...');
    const row = (await within(table).findByText('Clopay stock order #4471')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Description', 'Estimated Arrival', 'Status', 'Actions']);
    for (const text of ['16x7 and 9x7 insulated sections, white', '2999-03-14', 'Ordered']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }

    const picker = screen.getByLabelText('Vendor Order');
    await waitFor(() => expect(picker.closest('[aria-disabled="true"]')).toBeNull());
    await user.click(picker);
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'Pacific Opener Distributors PO 88213 - Shipped - ETA not set - ID 3',
        'Midwest Track & Hardware #M-7719 - Ordered - ETA 2000-01-05, overdue - ID 5',
      ]),
    );
  });

  it('links the chosen vendor order and refreshes both sides of the link', async () => {
    const fetchMock = stubLinks([linkTo(41, clopay)]);
    const user = userEvent.setup();
    const { queryClient } = renderWithQuery(<LinkedVendorOrders orderId={7} />);
    // The vendor order modal's list of orders for vendor order 5, cached from an earlier look.
    queryClient.setQueryData(linkedOrderKeys.ordersOfVendorOrder(5), []);

    const table = screen.getByRole('table', { name: 'Linked vendor orders' });
    await within(table).findByText('Clopay stock order #4471');
    expect(screen.getByRole('button', { name: 'Link' }).hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByLabelText('Vendor Order'), 'track');
    expect(optionTexts()).toEqual(['Midwest Track & Hardware #M-7719 - Ordered - ETA 2000-01-05, overdue - ID 5']);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Link' }));

    const row = (await within(table).findByText('Midwest Track & Hardware #M-7719')).closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ order: { id: 7 }, vendorOrder: { id: 5 } });
    expect(queryClient.getQueryState(linkedOrderKeys.ordersOfVendorOrder(5))?.isInvalidated).toBe(true);

    // The picker is cleared and no longer offers what is now linked.
    await user.click(screen.getByLabelText('Vendor Order'));
    await waitFor(() =>
      expect(optionTexts()).toEqual(['Pacific Opener Distributors PO 88213 - Shipped - ETA not set - ID 3']),
    );
  });

  it('shows the server refusal (already linked) in a banner', async () => {
    stubLinks([], {
      'POST /api/linked-orders/create': failed(409, 'Order 7 is already linked to vendor order 3.'),
    });
    const user = userEvent.setup();
    renderWithQuery(<LinkedVendorOrders orderId={7} />);

    expect(await screen.findByText('No vendor orders are linked to this order')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Vendor Order'), 'opener');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Link' }));

    const banner = (await screen.findByText('Link failed')).closest('.alert')!;
    expect(banner.className).toContain('alert-danger');
    expect(banner.textContent).toContain('Order 7 is already linked to vendor order 3.');
  });

  it('unlinks after confirmation', async () => {
    const fetchMock = stubLinks([linkTo(41, clopay), linkTo(42, openers)]);
    const user = userEvent.setup();
    renderWithQuery(<LinkedVendorOrders orderId={7} />);

    const table = screen.getByRole('table', { name: 'Linked vendor orders' });
    await within(table).findByText('Clopay stock order #4471');
    await user.click(within(table).getByRole('button', { name: 'Unlink vendor order 1' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain(
      'Are you sure you would like to remove the link to vendor order Clopay stock order #4471 (id: 1)?',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Vendor order link delete successful')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && String(url) === '/api/linked-orders/delete/41',
      ),
    ).toBe(true);

    await waitFor(() => expect(within(table).queryByText('Clopay stock order #4471')).toBeNull());
    expect(within(table).getByText('Pacific Opener Distributors PO 88213')).toBeInTheDocument();
    // Unlinked, it can be picked again.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByLabelText('Vendor Order'));
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'Clopay stock order #4471 - Ordered - ETA 2999-03-14 - ID 1',
        'Midwest Track & Hardware #M-7719 - Ordered - ETA 2000-01-05, overdue - ID 5',
      ]),
    );
  });

  it('"Order from vendor" creates a vendor order already linked to this order, in one call', async () => {
    let links = [linkTo(41, clopay)];
    const fetchMock = stubLinks([], {
      'GET /api/linked-orders/vendor-orders/7': () => ok(links),
      'POST /api/linked-orders/create-vendor-order/7': ({ body }) => {
        const input = JSON.parse(body!) as VendorOrder;
        const created = linkTo(43, aVendorOrder(9, { name: input.name, estimatedArrival: input.estimatedArrival }));
        links = [...links, created];
        return {
          status: 201,
          body: { status: 'OK', data: created, message: 'Vendor order created and linked to order 7' },
        };
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<LinkedVendorOrders orderId={7} />);
    const table = screen.getByRole('table', { name: 'Linked vendor orders' });
    await within(table).findByText('Clopay stock order #4471');

    await user.click(screen.getByRole('button', { name: 'Order from vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Vendor Order for order 7' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Amarr PO 5520');
    await user.type(within(dialog).getByLabelText('Estimated Arrival'), '2999-12-04');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const row = (await within(table).findByText('Amarr PO 5520')).closest('tr')!;
    expect(within(row).getByText('2999-12-04')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual(['/api/linked-orders/create-vendor-order/7']);
    expect(JSON.parse(String(posts[0]![1]!.body))).toMatchObject({
      name: 'Amarr PO 5520',
      estimatedArrival: '2999-12-04',
      status: 'Ordered',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Create Vendor Order/ })).toBeNull());
  });
});
