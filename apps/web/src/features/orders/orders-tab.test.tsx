import { ROLE_ADMIN, ROLE_USER, type DocumentListItem, type Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { OrdersTab } from './orders-tab';
import { MemoryRouter } from '../../lib/navigation';
import { columnNames } from '../../test/tables';
import { documentListColumns } from '../documents/test/fixtures';

/** The tab as the Sales page shows it, with the app's providers and a router. */
const renderOrders = () =>
  renderWithQuery(
    <MemoryRouter>
      <OrdersTab />
    </MemoryRouter>,
  );

const item = (id: number, fields: Partial<DocumentListItem> = {}): DocumentListItem => ({
  id,
  jobName: `Job ${id}`,
  poNumber: `PO-${id}`,
  customerId: 1,
  customerNo: 'C-1001',
  customerName: 'Hendricks Overhead Door',
  contactName: 'Dale Hendricks',
  orderStatus: 'Open',
  ...fields,
});

const signedInAs = (roles: string[]) => ({
  'GET /api/session/status': ok({ signedIn: true, username: 'ann', roles }),
  'GET /api/users/roles': ok(roles),
});

const page = (items: DocumentListItem[]): FakeAnswer =>
  ok({ items, filtered: items.length, total: items.length, page: 1, size: 10 } satisfies Page<DocumentListItem>);

const listUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/orders/list/'));

describe('Sales > Orders', () => {
  it('lists open orders (list/0), then closed ones (list/1) with the switch', async () => {
    const fetchMock = stubApi({
      'GET /api/orders/list/0': page([item(25), item(24, { orderStatus: 'Ready for Pickup' })]),
      'GET /api/orders/list/1': page([item(3, { orderStatus: 'Completed' })]),
    });
    const user = userEvent.setup();
    renderOrders();

    const open = await screen.findByRole('table', { name: 'Open Orders' });
    await within(open).findByText('Job 25');
    expect(columnNames(open)).toEqual(documentListColumns('Order Status'));
    expect(within(open).getByText('Ready for Pickup')).toBeInTheDocument();
    expect(listUrls(fetchMock)).toEqual(['/api/orders/list/0?page=1&size=10&sort=-id']);

    await user.click(screen.getByRole('switch', { name: 'Closed Orders' }));
    const closed = await screen.findByRole('table', { name: 'Closed Orders' });
    expect(await within(closed).findByText('Job 3')).toBeInTheDocument();
    expect(listUrls(fetchMock)).toEqual([
      '/api/orders/list/0?page=1&size=10&sort=-id',
      '/api/orders/list/1?page=1&size=10&sort=-id',
    ]);
    expect(screen.getByRole('button', { name: 'Create Order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('asks an administrator before deleting an order and reloads the list', async () => {
    let deleted = false;
    stubApi({
      ...signedInAs([ROLE_USER, ROLE_ADMIN]),
      'GET /api/orders/list/0': () => page(deleted ? [item(24)] : [item(25), item(24)]),
      'DELETE /api/orders/delete/25': () => {
        deleted = true;
        return ok(null, 'Order deleted');
      },
    });
    const user = userEvent.setup();
    renderOrders();

    await user.click(await screen.findByRole('button', { name: 'Delete order 25' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure you would like to delete the order (id: 25)?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Order delete successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Job 25')).toBeNull());
  });

  it('offers staff no Delete: deleting orders is for administrators (issue 36)', async () => {
    stubApi({
      ...signedInAs([ROLE_USER]),
      'GET /api/orders/list/0': page([item(25)]),
    });
    renderOrders();
    expect(await screen.findByRole('button', { name: 'Edit order 25' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Duplicate order 25' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete order 25' })).toBeNull();
  });
});
