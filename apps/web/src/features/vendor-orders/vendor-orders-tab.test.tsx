import { type LinkedOrder, type Page, type VendorOrder } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { bodyOf, requestsTo, stubSales, openSalesTab } from '../../test/stub-sales';
import { confirmRefusedThenDeleted, refusedOnce } from '../../test/confirm-delete';
import { aVendorOrder } from '../../test/records';

const clopay = aVendorOrder(1, {
  name: 'Clopay stock order #4471',
  description: '16x7 and 9x7 insulated sections, white',
  estimatedArrival: '2999-03-14',
  status: 'Ordered',
});
const amarr = aVendorOrder(2, {
  name: 'Amarr truckload #A-20931',
  description: 'Commercial ribbed sections 10x24',
  estimatedArrival: '2999-03-02',
  status: 'Shipped',
});
const springs = aVendorOrder(3, {
  name: 'Northwest Spring Supply #3307',
  estimatedArrival: '2020-01-10',
  status: 'Received',
  version: 4,
});
const coastal = aVendorOrder(4, { name: 'Coastal Commercial Doors #CC-5512', status: 'Cancelled' });

const page = (items: VendorOrder[]): FakeAnswer =>
  ok({ items, filtered: items.length, total: items.length, page: 1, size: 10 } satisfies Page<VendorOrder>);

const listRequests = (fetchMock: ReturnType<typeof stubApi>) => requestsTo(fetchMock, '/api/vendor-orders/?');

const link = (id: number, order: Partial<LinkedOrder['order']> & { id: number }, vo: VendorOrder): LinkedOrder => ({
  id,
  order: { jobName: null, customerNo: null, customerName: 'Someone', orderStatus: 'Open', ...order },
  vendorOrder: vo,
});

describe('Sales > Vendor Orders', () => {
  it('lists a server page with a coloured status badge per vendor order', async () => {
    const fetchMock = stubSales({ 'GET /api/vendor-orders/': page([clopay, amarr, springs, coastal]) });
    renderApp('/sales?tab=vendor-orders');

    const table = await screen.findByRole('table', { name: 'Vendor orders' });
    const [headerRow] = within(table).getAllByRole('row');
    expect(
      within(headerRow!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim()),
    ).toEqual(['ID', 'Name', 'Description', 'Estimated Arrival', 'Status', 'Actions']);
    expect(await within(table).findByText('Clopay stock order #4471')).toBeInTheDocument();
    expect(listRequests(fetchMock)[0]).toBe('/api/vendor-orders/?page=1&size=10&sort=id');

    const badgeOf = (name: string) =>
      within(within(table).getByText(name).closest('tr')!).getByText(/^(Ordered|Shipped|Received|Cancelled)$/);
    expect(badgeOf('Clopay stock order #4471').className).toContain('bg-primary');
    expect(badgeOf('Amarr truckload #A-20931').className).toContain('bg-warning');
    expect(badgeOf('Northwest Spring Supply #3307').className).toContain('bg-success');
    expect(badgeOf('Coastal Commercial Doors #CC-5512').className).toContain('bg-secondary');

    const amarrRow = within(table).getByText('Amarr truckload #A-20931').closest('tr')!;
    expect(within(amarrRow).getByText('2999-03-02')).toBeInTheDocument();
    expect(within(amarrRow).getByText('Commercial ribbed sections 10x24')).toBeInTheDocument();
    // Received in the past is not late; only expected stock is flagged.
    expect(within(table).queryByText('Overdue')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Vendor Order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it("asks before deleting, and shows the server's reason when the vendor order is linked", async () => {
    const refusal = 'Vendor order Northwest Spring Supply #3307 (id 3) is linked to 2 orders; remove the links first.';
    const { fetchMock, user } = openSalesTab('vendor-orders', {
      'GET /api/vendor-orders/': page([clopay, springs]),
      'DELETE /api/vendor-orders/delete/3': refusedOnce(refusal, 'Vendor order deleted'),
    });

    await user.click(await screen.findByRole('button', { name: 'Delete vendor order 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    const question = 'Are you sure you would like to delete the vendor-order (id: 3)?';
    expect(within(dialog).getByText((_, el) => el?.tagName === 'P' && el.textContent === question)).toBeInTheDocument();
    await confirmRefusedThenDeleted(user, dialog, 'Vendor order', refusal, () => listRequests(fetchMock));
  });

  it('checks the form, creates, closes and shows the create banner over the reloaded list', async () => {
    const created = aVendorOrder(9, {
      name: 'Midwest Track & Hardware #M-7719',
      description: 'High-lift track kits',
      estimatedArrival: '2999-06-01',
      status: 'Shipped',
      receivedDate: null,
    });
    let afterCreate = false;
    const { fetchMock, user } = openSalesTab('vendor-orders', {
      'GET /api/vendor-orders/': () => page(afterCreate ? [clopay, created] : [clopay]),
      'POST /api/vendor-orders/create': () => {
        afterCreate = true;
        return { status: 201, body: { status: 'OK', data: created, message: 'Vendor order created' } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Create Vendor Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Vendor Order' });
    expect(within(dialog).getByLabelText('Estimated Arrival').getAttribute('type')).toBe('date');
    expect(within(dialog).getByLabelText('Description').tagName).toBe('TEXTAREA');
    const status = within(dialog).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.value)).toEqual(['Ordered', 'Shipped', 'Received', 'Cancelled']);
    expect(status.value).toBe('Ordered');
    // Linking happens on a saved vendor order only.
    expect(within(dialog).queryByText('Linked Orders')).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/vendor-orders/create')).toBeUndefined();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Midwest Track & Hardware #M-7719');
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    await user.type(within(dialog).getByLabelText('Description'), 'High-lift track kits');
    await user.type(within(dialog).getByLabelText('Estimated Arrival'), '2999-06-01');
    await user.selectOptions(status, 'Shipped');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Create succeeded - ID: 9')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/vendor-orders/create')).toEqual({
      name: 'Midwest Track & Hardware #M-7719',
      description: 'High-lift track kits',
      estimatedArrival: '2999-06-01',
      status: 'Shipped',
      receivedDate: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Vendor Order' })).toBeNull());
    // The toast stays in view once the modal has closed.
    expect(screen.getByText('Create succeeded - ID: 9').closest('[data-testid="toast"]')!.className).toContain(
      'bg-success',
    );
    const table = screen.getByRole('table', { name: 'Vendor orders' });
    expect(await within(table).findByText('Midwest Track & Hardware #M-7719')).toBeInTheDocument();
  });

  it('keeps the modal open with "Create failed" when the server refuses', async () => {
    const { user } = openSalesTab('vendor-orders', {
      'GET /api/vendor-orders/': page([]),
      'POST /api/vendor-orders/create': failed(400, 'name: must be at most 200 characters'),
    });

    await user.click(await screen.findByRole('button', { name: 'Create Vendor Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Vendor Order' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spring order');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const toast = (await screen.findByText('Create failed')).closest('[data-testid="toast"]') as HTMLElement;
    expect(within(toast).getByText('name: must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Vendor Order' })).toBe(dialog);
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Spring order');
  });

  it('edits with the version, lists the linked orders and unlinks one after confirmation', async () => {
    let links = [
      link(
        31,
        {
          id: 12,
          jobName: 'Hendricks residence - 2 car garage',
          customerNo: 'C-1004',
          customerName: 'Hendricks Builders',
          orderStatus: 'Waiting on Parts',
        },
        springs,
      ),
      link(
        32,
        {
          id: 15,
          jobName: 'Sutter Street storage - units 12-18',
          customerNo: 'C-1011',
          customerName: 'Sutter Storage LLC',
          orderStatus: 'Open',
        },
        springs,
      ),
    ];
    let stale = false;
    const { fetchMock, user } = openSalesTab('vendor-orders', {
      'GET /api/vendor-orders/': page([springs]),
      'GET /api/vendor-orders/3': ok(springs),
      'GET /api/linked-orders/orders/3': () => ok(links),
      'DELETE /api/linked-orders/delete/31': () => {
        links = links.filter((l) => l.id !== 31);
        return ok(null, 'Link removed');
      },
      'PUT /api/vendor-orders/update/3': () =>
        stale
          ? failed(409, 'Vendor order 3 was changed by someone else since you opened it. Reload it and try again.')
          : ok({ ...springs, status: 'Cancelled', version: 5 }, 'Vendor order updated'),
    });

    await user.click(await screen.findByRole('button', { name: 'Edit vendor order 3' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit Vendor Order/ });
    expect(((await within(dialog).findByRole('textbox', { name: 'Name' })) as HTMLInputElement).value).toBe(
      'Northwest Spring Supply #3307',
    );
    expect((within(dialog).getByLabelText('Estimated Arrival') as HTMLInputElement).value).toBe('2020-01-10');
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('Received');

    const linked = await within(dialog).findByRole('table', { name: 'Linked orders' });
    expect(
      within(linked)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Job Name', 'Customer No', 'Customer Name', 'Order Status', 'Actions']);
    const hendricks = (await within(linked).findByText('Hendricks residence - 2 car garage')).closest('tr')!;
    for (const text of ['C-1004', 'Hendricks Builders', 'Waiting on Parts']) {
      expect(within(hendricks).getByText(text)).toBeInTheDocument();
    }

    await user.click(within(linked).getByRole('button', { name: 'Unlink order 12' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(confirm.textContent).toContain('remove the link to order 12');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Order link delete successful')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(linked).queryByText('Hendricks residence - 2 car garage')).toBeNull());
    expect(within(linked).getByText('Sutter Street storage - units 12-18')).toBeInTheDocument();

    // A stale save keeps the modal open with the reason.
    stale = true;
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reload the latest version' })).toBeInTheDocument();

    stale = false;
    const listCalls = listRequests(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Succeeded')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts.at(-1)![1]!.body))).toEqual({
      name: 'Northwest Spring Supply #3307',
      description: null,
      estimatedArrival: '2020-01-10',
      status: 'Cancelled',
      receivedDate: null,
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Vendor Order/ })).toBeNull());
    expect(screen.getByText('Update Succeeded')).toBeInTheDocument();
    await waitFor(() => expect(listRequests(fetchMock).length).toBeGreaterThan(listCalls));
  });

  it('reloads the list when the modal is closed without saving', async () => {
    const { fetchMock, user } = openSalesTab('vendor-orders', { 'GET /api/vendor-orders/': page([clopay]) });

    await user.click(await screen.findByRole('button', { name: 'Create Vendor Order' }));
    const listCalls = listRequests(fetchMock).length;
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Create Vendor Order' })).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(listRequests(fetchMock).length).toBe(listCalls + 1));
  });
});
