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
    expect(within(dialog).getByText('Order Details')).toBeTruthy();
    expect(within(dialog).getAllByText('This section requires the order to be created.')).toHaveLength(2);
    expect(within(dialog).getByText('Linked Vendor Orders')).toBeTruthy();
    expect(within(dialog).getByText('No Customer is selected')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Download Order' })).toBeNull();
    expect(within(dialog).getByText('Order Status options not loaded')).toBeTruthy();

    // The first status is selected when none is chosen.
    const status = (await within(dialog).findByLabelText('Status Code')) as HTMLSelectElement;
    expect(status.value).toBe('1');
    expect(status.selectedOptions[0]!.textContent).toBe('Open');
    expect(within(status).getByRole('option', { name: 'Select Order Status' })).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Customer'), 'cote');
    await user.click(await screen.findByText('C-1003 - Jérôme Côté Overhead Doors - Jérôme Côté - 3'));
    const card = within(dialog).getByRole('region', { name: 'Selected Customer' });
    expect(card.textContent).toContain('jerome.cote@example.com');
    // A new order's tax follows its customer.
    expect((within(dialog).getByLabelText('Use Tax') as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Job Name'), 'Lopez garage');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Create succeeded - ID: 30')).toBeTruthy();
    expect(screen.getByText('Order created')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/orders/create')).toEqual({
      customer: { id: 3 },
      jobName: 'Lopez garage',
      poNumber: null,
      specialInstructions: null,
      useTax: true,
      orderStatus: { id: 1 },
      orderPickup: false,
    });
    const createCall = fetchMock.mock.calls.find(([url]) => url === '/api/orders/create')!;
    expect((createCall[1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/\S{8,}/);

    expect(await screen.findByRole('dialog', { name: /Edit Order/ })).toBeTruthy();
    expect(await screen.findByText('No products in the cart yet')).toBeTruthy();
    expect(screen.queryByText('This section requires the order to be created.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    for (const name of ['Download Order', 'Send Email', 'Print Order']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it("shows the quote's notice and says 'Create failed' with the server's reason", async () => {
    stubApi({ ...common, 'POST /api/quotes/create': failed(400, 'customer: customer 3 does not exist.') });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="quote" show documentId={null} onClose={noop} />);

    const dialog = screen.getByRole('dialog', { name: 'Create Quote' });
    expect(within(dialog).getByText('Quote Details')).toBeTruthy();
    expect(within(dialog).getByText('This section requires the quote to be created.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Status Code')).toBeNull();

    // No customer: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Choose the customer first.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Customer'), 'C-1003');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Create failed')).toBeTruthy();
    expect(screen.getByText('customer: customer 3 does not exist.')).toBeTruthy();
  });

  it("saves an order with refreshMultiplier and version, and shows a stale save's reason", async () => {
    const order = aDocument();
    let saves = 0;
    const fetchMock = stubApi({
      ...common,
      'GET /api/orders/13': ok(order),
      'GET /api/order-parts/13': ok([packageLine(), partLine()]),
      'PUT /api/orders/update/13': () => {
        saves += 1;
        return saves === 1
          ? ok({ ...order, jobName: 'Beaulieu - rev B', version: 5 }, 'Order updated')
          : failed(409, 'Order 13 was changed by someone else; reload it and try again.');
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={noop} />);

    const jobName = await screen.findByLabelText('Job Name');
    expect(((await screen.findByLabelText('Status Code')) as HTMLSelectElement).value).toBe('2');
    await user.clear(jobName);
    await user.type(jobName, 'Beaulieu - rev B');
    await user.click(screen.getByLabelText('Refresh multipliers from customer'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update Succeeded')).toBeTruthy();
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
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('Order 13 was changed by someone else; reload it and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the latest version' })).toBeTruthy();
  });

  it("exports a quote to an order: disabled while it runs, then 'Export success'", async () => {
    const quote = aDocument({
      id: 6,
      kind: 'quote',
      orderStatus: undefined,
      orderPickup: undefined,
      quoteDate: '2026-10-01',
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubApi({
      ...common,
      'GET /api/quotes/6': ok(quote),
      'GET /api/quote-parts/6': ok([packageLine()]),
    });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/orders/create-from-quote/6') {
        await gate;
        return new Response(
          JSON.stringify({ status: 'OK', data: aDocument({ id: 26, sourceQuoteId: 6 }), message: 'Export success' }),
          { status: 201, headers: { 'Content-Type': 'application/json' } },
        );
      }
      return base(input, init);
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentModal kind="quote" show documentId={6} onClose={noop} />);

    for (const name of ['Download Quote', 'Send Email', 'Print Quote']) {
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Export to Order' }));
    await waitFor(() => expect(screen.getByLabelText('Job Name').matches(':disabled')).toBe(true));
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    release();

    const alert = (await screen.findByText('Export success')).closest('.alert')!;
    expect(alert.className).toContain('alert-success');
    expect(alert.textContent).toContain('New order ID: 26');
    expect(screen.getByLabelText('Job Name').matches(':disabled')).toBe(false);
    const exportCall = fetchMock.mock.calls.find(([url]) => url === '/api/orders/create-from-quote/6')!;
    expect((exportCall[1]!.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
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
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(screen.getByText('No such API route: POST /api/download-excelOrder/13')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/download-excelOrder/13')).toEqual({ orderId: 13, noPricePrint: false });

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/send-emailOrder/13')).toEqual({
      orderId: 13,
      fileName: 'Jérôme Côté Overhead Doors - Beaulieu residence - high lift 16x7 - OrderID 13',
      customerID: 3,
    });
  });
});
