import type { DocumentListItem, Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/navigation';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { OrdersTab } from './orders-tab';

const page = ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 } satisfies Page<DocumentListItem>);

describe('Sales > Orders: export', () => {
  it("export links carry the list's current filters, sort, Changed by and the open/closed switch", async () => {
    stubApi({ 'GET /api/orders/list/0': page, 'GET /api/orders/list/1': page });
    const user = userEvent.setup();
    renderWithQuery(
      <MemoryRouter>
        <OrdersTab />
      </MemoryRouter>,
    );
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

    await screen.findByRole('table', { name: 'Open Orders' });
    expect(href('Export open orders to CSV')).toBe('/api/export/orders.csv?sort=-id');
    expect(href('Export open orders to Excel')).toBe('/api/export/orders.xlsx?sort=-id');

    await user.type(screen.getByRole('searchbox', { name: 'Filter Customer Name' }), 'hendricks');
    await user.click(screen.getByRole('button', { name: /^Job Name/ }));
    await waitFor(() =>
      expect(href('Export open orders to CSV')).toBe('/api/export/orders.csv?customerName=hendricks&sort=jobName'),
    );
    await user.type(screen.getByLabelText('Changed by'), 'clerk2{Enter}');
    await waitFor(() =>
      expect(href('Export open orders to Excel')).toBe(
        '/api/export/orders.xlsx?customerName=hendricks&changedBy=clerk2&sort=jobName',
      ),
    );

    // The closed list is a new table (its own filters and sort): the links follow it.
    await user.click(screen.getByRole('switch', { name: 'Closed Orders' }));
    const closed = await screen.findByRole('table', { name: 'Closed Orders' });
    expect(within(closed).getAllByRole('columnheader').length).toBeGreaterThan(0);
    expect(href('Export closed orders to CSV')).toBe('/api/export/orders.csv?closed=1&changedBy=clerk2&sort=-id');
  });
});
