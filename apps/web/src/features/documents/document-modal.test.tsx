import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { OrderModal } from '../orders/order-modal';
import { DocumentModal } from './document-modal';
import { aCustomer, aDocument, bodyOf, packageLine, partLine, STATUSES } from './test/fixtures';

const common = {
  'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
  'GET /api/customers/': ok([
    aCustomer({ id: 1, customerNo: 'C-1001', name: 'Hendricks Overhead Door', useTax: false }),
    aCustomer(),
  ]),
  'GET /api/dropdown/order-status': ok(STATUSES),
};

const created = (status: number, data: unknown, message: string): FakeAnswer => ({
  status,
  body: { status: 'OK', data, message },
});

const noop = () => {};

describe('DocumentModal', () => {
  it('creates an order: red notices, no customer, the first status, then edit mode on the new id', async () => {
    const newOrder = aDocument({
      id: 30,
      jobName: 'Lopez garage',
      useTax: true,
      orderStatus: STATUSES[0]!,
      version: 1,
    });
    const fetchMock = stubApi({
      ...common,
      'POST /api/orders/create': created(201, newOrder, 'Order created'),
      'GET /api/orders/30': ok(newOrder),
      'GET /api/order-parts/30': ok([]),
      'GET /api/linked-orders/vendor-orders/30': ok([]),
      'GET /api/vendor-orders/': ok([]),
    });
    const user = userEvent.setup();
    renderWithQuery(<OrderModal show documentId={null} onClose={noop} />);

    const dialog = screen.getByRole('dialog', { name: 'Create Order' });
    // The modal opens with the focus in its first field, the customer search.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Customer')));
    expect(within(dialog).getByText('Order Details')).toBeInTheDocument();
    expect(within(dialog).getAllByText('This section requires the order to be created.')).toHaveLength(2);
    expect(within(dialog).getByText('Linked Vendor Orders')).toBeInTheDocument();
    expect(within(dialog).getByText('No Customer is selected')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download Order' })).toBeNull();
    expect(within(dialog).getByText('Order Status options not loaded')).toBeInTheDocument();

    // The first status is selected when none is chosen.
    const status = (await within(dialog).findByLabelText('Status Code')) as HTMLSelectElement;
    expect(status.value).toBe('1');
    expect(status.selectedOptions[0]!.textContent).toBe('Open');
    expect(within(status).getByRole('option', { name: 'Select Order Status' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Customer'), 'cote');
    await user.click(await screen.findByText('C-1003 - Jérôme Côté Overhead Doors - Jérôme Côté - 3'));
    const card = within(dialog).getByRole('region', { name: 'Selected Customer' });
    expect(card.textContent).toContain('jerome.cote@example.com');
    // A new order's tax follows its customer.
    expect((within(dialog).getByLabelText('Use Tax') as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Job Name'), 'Lopez garage');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Create succeeded - ID: 30')).toBeInTheDocument();
    expect(within(toast).getByText('Order created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/orders/create')).toEqual({
      customer: { id: 3 },
      jobName: 'Lopez garage',
      poNumber: null,
      specialInstructions: null,
      useTax: true,
      noPricePrint: false,
      orderStatus: { id: 1 },
      orderPickup: false,
    });
    const createCall = fetchMock.mock.calls.find(([url]) => url === '/api/orders/create')!;
    expect((createCall[1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/\S{8,}/);

    const edit = await screen.findByRole('dialog', { name: /Edit Order/ });
    expect(await screen.findByText('No products in the cart yet')).toBeInTheDocument();
    // After Create the focus stays on the button that acted (now Save), not on <body>.
    await waitFor(() => expect(document.activeElement).toBe(within(edit).getByRole('button', { name: 'Save' })));
    // The result is a toast, not a banner at the top of the modal.
    expect(edit.querySelector('.alert-success')).toBeNull();
    expect(screen.queryByText('This section requires the order to be created.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    for (const name of ['Download Order', 'Send Email', 'Print Order']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("shows the quote's notice and says 'Create failed' with the server's reason", async () => {
    stubApi({ ...common, 'POST /api/quotes/create': failed(400, 'customer: customer 3 does not exist.') });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="quote" show documentId={null} onClose={noop} />);

    const dialog = screen.getByRole('dialog', { name: 'Create Quote' });
    expect(within(dialog).getByText('Quote Details')).toBeInTheDocument();
    expect(within(dialog).getByText('This section requires the quote to be created.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Status Code')).toBeNull();

    // No customer: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Choose the customer first.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Customer'), 'C-1003');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Create failed')).toBeInTheDocument();
    expect(within(toast).getByText('customer: customer 3 does not exist.')).toBeInTheDocument();
    expect(dialog.querySelector('.alert-danger:not(:empty)')?.textContent).toBe(
      'This section requires the quote to be created.',
    );
  });

  it("saves an order with refreshMultiplier and version, and shows a stale save's reason", async () => {
    const order = aDocument({
      totals: { subTotal: 2480.5, tax: 0, total: 2480.5 },
      totalsCents: { subTotalCents: 248050, taxCents: 0, totalCents: 248050 },
    });
    // The refreshed multipliers' totals, as the server answers them.
    const refreshed = {
      sectionalMultiplierCopy: 0.8,
      totals: { subTotal: 2201.3, tax: 0, total: 2201.3 },
      totalsCents: { subTotalCents: 220130, taxCents: 0, totalCents: 220130 },
    };
    let saves = 0;
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(order),
      'GET /api/order-parts/13': ok([packageLine(), partLine()]),
      'PUT /api/orders/update/13': () => {
        saves += 1;
        return saves === 1
          ? ok({ ...order, ...refreshed, jobName: 'Beaulieu - rev B', version: 5 }, 'Order updated')
          : failed(409, 'Order 13 was changed by someone else; reload it and try again.');
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    const jobName = await screen.findByLabelText('Job Name');
    expect(((await screen.findByLabelText('Status Code')) as HTMLSelectElement).value).toBe('2');
    const subTotal = () => within(screen.getByRole('table', { name: 'Pricing' })).getAllByRole('row')[0]!.textContent;
    await waitFor(() => expect(subTotal()).toBe('Sub Total2,480.50'));
    await user.clear(jobName);
    await user.type(jobName, 'Beaulieu - rev B');
    await user.click(screen.getByLabelText('Refresh multipliers from customer'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(within(await screen.findByTestId('toast')).getByText('Update Succeeded')).toBeInTheDocument();
    // The Pricing block shows the totals the save answered.
    await waitFor(() => expect(subTotal()).toBe('Sub Total2,201.30'));
    const body = bodyOf(fetchMock, 'PUT', '/api/orders/update/13') as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 13,
      jobName: 'Beaulieu - rev B',
      refreshMultiplier: true,
      version: 4,
      customer: { id: 3 },
      orderStatus: { id: 2 },
      orderPickup: false,
      useTax: false,
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    // The failure replaces the success: one toast, the latest.
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(
      within(toasts[0]!).getByText('Order 13 was changed by someone else; reload it and try again.'),
    ).toBeInTheDocument();
    // The way out is in the footer, always in view.
    const dialog = screen.getByRole('dialog', { name: /Edit Order/ });
    expect(dialog.querySelector('.modal-footer')!.textContent).toContain('Reload the latest version');
  });

  it("exports a quote once per click: disabled while it runs, 'Export success', then asks before another", async () => {
    const quote = aDocument({
      id: 6,
      kind: 'quote',
      orderStatus: undefined,
      orderPickup: undefined,
      quoteDate: '2026-10-01',
      exportedOrderIds: [],
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let exports = 0;
    const fetchMock = stubApi({
      ...common,
      'GET /api/quotes/6': () => ok({ ...quote, exportedOrderIds: exports > 0 ? [26] : [] }),
      'GET /api/quote-parts/6': ok([packageLine()]),
      'GET /api/orders/list/0': ok([]),
      'GET /api/quotes/': ok([]),
    });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/orders/create-from-quote/6') {
        exports += 1;
        if (exports === 1) {
          await gate;
          return new Response(
            JSON.stringify({ status: 'OK', data: aDocument({ id: 26, sourceQuoteId: 6 }), message: 'Export success' }),
            { status: 201, headers: { 'Content-Type': 'application/json' } },
          );
        }
        const again = JSON.parse(String(init?.body ?? 'null'))?.again === true;
        return again
          ? new Response(
              JSON.stringify({
                status: 'OK',
                data: aDocument({ id: 31, sourceQuoteId: 6 }),
                message: 'Export success',
              }),
              { status: 201, headers: { 'Content-Type': 'application/json' } },
            )
          : new Response(
              JSON.stringify({ status: 'FAILED', data: null, message: 'Quote 6 was already exported to order 26.' }),
              { status: 409, headers: { 'Content-Type': 'application/json' } },
            );
      }
      return base(input, init);
    });
    const opened: number[] = [];
    const user = userEvent.setup();
    renderWithQuery(
      <DocumentModal kind="quote" show documentId={6} onClose={noop} onOpenOrder={(id) => opened.push(id)} />,
    );

    for (const name of ['Download Quote', 'Send Email', 'Print Quote']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByText(/Exported to/)).toBeNull();
    const exportButton = screen.getByRole('button', { name: 'Export to Order' }) as HTMLButtonElement;
    await user.dblClick(exportButton);
    await waitFor(() => expect(exportButton.disabled).toBe(true));
    expect(exportButton.querySelector('.spinner-border')).toBeInTheDocument();
    expect(screen.getByLabelText('Job Name').matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    release();

    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Export success')).toBeInTheDocument();
    expect(toast.textContent).toContain('New order ID: 26');
    // A double click sent one request.
    expect(exports).toBe(1);
    const exportCall = fetchMock.mock.calls.find(([url]) => url === '/api/orders/create-from-quote/6')!;
    expect((exportCall[1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(exportCall[1]!.body).toBeUndefined();
    // The quote now shows the order made from it; the link opens it.
    const exported = await screen.findByTestId('exported-orders');
    expect(exported.textContent).toBe('Exported to order 26');
    await user.click(within(exported).getByRole('button', { name: 'Open order 26' }));
    expect(opened).toEqual([26]);

    // A second export asks first, with the server's words.
    await user.click(exportButton);
    const ask = await screen.findByRole('dialog', { name: 'Export to Order again?' });
    expect(ask.textContent).toContain('Quote 6 was already exported to order 26. Make another order?');
    expect(exports).toBe(2);
    await user.click(within(ask).getByRole('button', { name: 'Yes, make another order' }));
    await waitFor(() => expect(exports).toBe(3));
    const last = fetchMock.mock.calls.filter(([url]) => url === '/api/orders/create-from-quote/6').at(-1)!;
    expect(JSON.parse(String(last[1]!.body))).toEqual({ again: true });
    expect((await screen.findByText(/New order ID: 31/)).textContent).toContain('31');
  });

  it('says why a download failed (the document endpoints come with issue 5)', async () => {
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(aDocument()),
      'GET /api/order-parts/13': ok([]),
      'POST /api/download-excelOrder/13': failed(404, 'No such API route: POST /api/download-excelOrder/13'),
      'POST /api/send-emailOrder/13': ok(null, 'Order 13 e-mailed to jerome.cote@example.com'),
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    await user.click(await screen.findByRole('button', { name: 'Download Order' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Download failed')).toBeInTheDocument();
    expect(within(toast).getByText('No such API route: POST /api/download-excelOrder/13')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/download-excelOrder/13')).toEqual({ orderId: 13, noPricePrint: false });

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    // Send Email asks for the recipient (the customer's e-mail), copies and a note first.
    await user.click(
      within(await screen.findByRole('dialog', { name: /by e-mail/ })).getByRole('button', { name: 'Send' }),
    );
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/send-emailOrder/13')).toEqual({
      orderId: 13,
      fileName: 'Jérôme Côté Overhead Doors - Beaulieu residence - high lift 16x7 - OrderID 13',
      customerID: 3,
      noPricePrint: false,
      to: 'jerome.cote@example.com',
      cc: '',
      note: '',
    });
  });

  it("'Print without prices' is saved with the header and used by Download and Send Email", async () => {
    const order = aDocument({ noPricePrint: false });
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(order),
      'GET /api/order-parts/13': ok([]),
      'PUT /api/orders/update/13': ok({ ...order, noPricePrint: true, version: 5 }, 'Order updated'),
      'POST /api/download-excelOrder/13': failed(500, 'Something went wrong on the server.'),
      'POST /api/send-emailOrder/13': ok(null, 'Order 13 e-mailed'),
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    const toggle = (await screen.findByRole('switch', { name: 'Print without prices' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Succeeded')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', '/api/orders/update/13')).toMatchObject({ noPricePrint: true, version: 4 });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Print without prices' }) as HTMLInputElement).checked).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Download Order' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/download-excelOrder/13')).toEqual({ orderId: 13, noPricePrint: true });
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /by e-mail/ })).getByRole('button', { name: 'Send' }),
    );
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/send-emailOrder/13')).toMatchObject({ noPricePrint: true });
    // The old failure does not linger beside the new result.
    const shown = screen.getAllByTestId('toast').map((t) => t.textContent);
    expect(shown).toContain('Email sentOrder 13 e-mailed');
    expect(shown.filter((t) => t?.includes('failed'))).toEqual([]);
  });

  it('asks "Discard changes?" before Close, X or Escape drop edited Details; Keep editing keeps them', async () => {
    stubApi({ ...common, 'GET /api/orders/13': ok(aDocument()), 'GET /api/order-parts/13': ok([]) });
    let closed = 0;
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={() => (closed += 1)} />);

    const dialog = await screen.findByRole('dialog', { name: /Edit Order/ });
    const jobName = (await within(dialog).findByLabelText('Job Name')) as HTMLInputElement;
    // Nothing edited: Close closes at once.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(closed).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();

    await user.type(jobName, ' - rev C');
    for (const close of [
      () => user.click(within(dialog).getByRole('button', { name: 'Close' })),
      () => user.click(within(dialog).getByRole('button', { name: 'Close dialog' })),
      () => user.keyboard('{Escape}'),
    ]) {
      await close();
      const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
      await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
      expect(closed).toBe(1);
      expect(jobName.value).toBe('Beaulieu residence - high lift 16x7 - rev C');
      await user.click(jobName);
    }

    // The print switch is a header field too.
    await user.clear(jobName);
    await user.type(jobName, 'Beaulieu residence - high lift 16x7');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(closed).toBe(2);
    await user.click(within(dialog).getByRole('switch', { name: 'Print without prices' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    expect(closed).toBe(3);
  });
});
