import type { DocumentListItem, Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { aDocument, documentListColumns } from '../documents/test/fixtures';
import { QuotesTab } from './quotes-tab';
import { MemoryRouter } from '../../lib/navigation';
import { columnNames } from '../../test/tables';

/** The tab as the Sales page shows it, with the app's providers and a router. */
const renderQuotes = () =>
  renderWithQuery(
    <MemoryRouter>
      <QuotesTab />
    </MemoryRouter>,
  );

const quote: DocumentListItem = {
  id: 6,
  jobName: 'Bayside dock - 3 doors',
  poNumber: 'PO-2201',
  customerId: 18,
  customerNo: 'C-1018',
  customerName: 'Bayside Dock & Door',
  contactName: 'Aaron Fischer',
  quoteDate: '2026-11-20',
  totalCents: 1234567,
};

const list = ok({ items: [quote], filtered: 1, total: 1, page: 1, size: 10 } satisfies Page<DocumentListItem>);

describe('Sales > Quotes', () => {
  it('lists quotes with their status column', async () => {
    stubApi({ 'GET /api/quotes/': list });
    renderQuotes();
    const table = await screen.findByRole('table', { name: 'Quotes' });
    await within(table).findByText('Bayside dock - 3 doors');
    expect(columnNames(table)).toEqual(documentListColumns('Status'));
    // Date and Total, from the stored totals (issue 36).
    expect(within(table).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(table).getByText('12,345.67')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Quote' })).toBeInTheDocument();
  });

  it('sorts by Date and by Total through the server (issue 36)', async () => {
    const fetchMock = stubApi({ 'GET /api/quotes/': list });
    const user = userEvent.setup();
    renderQuotes();
    const table = await screen.findByRole('table', { name: 'Quotes' });
    await within(table).findByText('Bayside dock - 3 doors');
    await user.click(within(table).getByRole('button', { name: /^Total/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/quotes/?page=1&size=10&sort=total'),
    );
    await user.click(within(table).getByRole('button', { name: /^Date/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/quotes/?page=1&size=10&sort=quoteDate'),
    );
  });

  it('filters by who changed a quote once the name is entered (Enter), not on every key', async () => {
    const fetchMock = stubApi({ 'GET /api/quotes/': list });
    const user = userEvent.setup();
    renderQuotes();
    await screen.findByText('Bayside dock - 3 doors');
    const asked = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('changedBy'));
    await user.type(screen.getByLabelText('Changed by'), 'clerk2');
    expect(asked()).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(asked()[0]).toContain('changedBy=clerk2');
  });

  it("prefills the duplicate's Job Name with ' - copy' and sends the edited name", async () => {
    const fetchMock = stubApi({
      'GET /api/quotes/': list,
      'POST /api/quotes/duplicate/6': failed(404, 'Quote 6 does not exist.'),
    });
    const user = userEvent.setup();
    renderQuotes();

    await user.click(await screen.findByRole('button', { name: 'Duplicate quote 6' }));
    // The duplicate dialog is its own chunk (loaded on first use when not prefetched yet).
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Quote' });
    expect(dialog.textContent).toContain('Quote ID: 6');
    const jobName = within(dialog).getByLabelText('Job Name') as HTMLInputElement;
    expect(jobName.value).toBe('Bayside dock - 3 doors - copy');
    await user.type(jobName, ' (north)');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    expect(await within(dialog).findByText('Create failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Quote 6 does not exist.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/quotes/duplicate/6')!;
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({
      id: 6,
      jobName: 'Bayside dock - 3 doors - copy (north)',
    });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('opens the copy in the editor after a duplicate', async () => {
    const copy = aDocument({ id: 16, kind: 'quote', jobName: 'Bayside dock - 3 doors - copy', orderStatus: undefined });
    stubApi({
      'GET /api/quotes/': list,
      'POST /api/quotes/duplicate/6': { status: 201, body: { status: 'OK', data: copy, message: 'Quote duplicated' } },
      'GET /api/quotes/16': ok(copy),
      'GET /api/quote-parts/16': ok([]),
      'GET /api/customers/': ok([]),
      'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
    });
    const user = userEvent.setup();
    renderQuotes();

    await user.click(await screen.findByRole('button', { name: 'Duplicate quote 6' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Duplicate Quote' })).getByRole('button', { name: 'Duplicate' }),
    );
    const editor = await screen.findByRole('dialog', { name: /Edit Quote/ });
    await waitFor(() =>
      expect((within(editor).getByLabelText('Job Name') as HTMLInputElement).value).toBe(copy.jobName),
    );
  });

  it('shows "Exported to order 26" in the row and in the quote; each opens the order on top', async () => {
    const exported = { ...quote, exportedOrderIds: [26] };
    const theQuote = aDocument({ id: 6, kind: 'quote', orderStatus: undefined, exportedOrderIds: [26] });
    const theOrder = aDocument({ id: 26, jobName: 'Bayside dock - from quote 6', sourceQuoteId: 6 });
    stubApi({
      'GET /api/quotes/': ok({ items: [exported], filtered: 1, total: 1, page: 1, size: 10 }),
      'GET /api/quotes/6': ok(theQuote),
      'GET /api/quote-parts/6': ok([]),
      'GET /api/orders/26': ok(theOrder),
      'GET /api/order-parts/26': ok([]),
      'GET /api/linked-orders/vendor-orders/26': ok([]),
      'GET /api/vendor-orders/': ok([]),
      'GET /api/dropdown/order-status': ok([{ id: 2, type: 'In Progress', closed: false }]),
      'GET /api/customers/': ok([]),
      'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
    });
    const user = userEvent.setup();
    renderQuotes();

    const table = await screen.findByRole('table', { name: 'Quotes' });
    const note = await within(table).findByTestId('exported-orders');
    expect(note.textContent).toBe('Exported to order 26');
    await user.click(within(note).getByRole('button', { name: 'Open order 26' }));
    const order = await screen.findByRole('dialog', { name: /Edit Order/ });
    await waitFor(() =>
      expect((within(order).getByLabelText('Job Name') as HTMLInputElement).value).toBe(theOrder.jobName),
    );
    await user.click(within(order).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Order/ })).toBeNull());

    // From inside the quote: the order opens over it, and closing it returns to the quote.
    await user.click(screen.getByRole('button', { name: 'Edit quote 6' }));
    const editor = await screen.findByRole('dialog', { name: /Edit Quote/ });
    const inModal = await within(editor).findByTestId('exported-orders');
    await user.click(within(inModal).getByRole('button', { name: 'Open order 26' }));
    const stacked = await screen.findByRole('dialog', { name: /Edit Order/ });
    expect(stacked.closest('.modal')!.className).toContain('stacked-modal');
    await user.click(within(stacked).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit Order/ })).toBeNull());
    expect(screen.getByRole('dialog', { name: /Edit Quote/ })).toBeInTheDocument();
  });
});
