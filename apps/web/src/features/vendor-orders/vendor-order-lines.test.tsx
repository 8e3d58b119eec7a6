import type { Product, VendorOrderLine } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { aProduct } from '../../test/records';
import { renderWithQuery } from '../../test/render-with-query';
import { parseCost, VendorOrderLines } from './vendor-order-lines';

const line = (over: Partial<VendorOrderLine>): VendorOrderLine => ({
  id: 1,
  vendorOrderId: 3,
  productId: 9,
  itemNo: 'SPR-250',
  itemDescription: 'Torsion spring 0.250 x 2 x 32',
  quantity: 10,
  receivedQuantity: 4,
  outstanding: 6,
  unitCostCents: 123456,
  ...over,
});

const LINES = [
  line({}),
  line({
    id: 2,
    productId: 11,
    itemNo: 'TRK-12',
    itemDescription: 'Track kit 12 ft',
    quantity: 2,
    receivedQuantity: 0,
    outstanding: 2,
    unitCostCents: null,
  }),
];

/** The headers of the fetch calls to `path` with `method`. */
function callsTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }));
}

describe('vendor order lines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists each line with its received, outstanding and unit cost as money', async () => {
    stubApi({ 'GET /api/vendor-orders/3/lines': ok(LINES) });
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    const table = await screen.findByRole('table', { name: 'Vendor order lines' });
    await within(table).findByText('SPR-250');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('SPR-250')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('spinbutton', { name: 'Quantity of SPR-250' })).toHaveValue(10);
    expect(within(rows[1]!).getByRole('textbox', { name: 'Unit cost of SPR-250' })).toHaveValue('1234.56');
    expect(within(rows[1]!).getByText('$')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('6')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('textbox', { name: 'Unit cost of TRK-12' })).toHaveValue('');
  });

  it('saves a changed quantity with Enter, and shows a refusal in words beside the line', async () => {
    const fetchMock = stubApi({
      'GET /api/vendor-orders/3/lines': ok(LINES),
      'PUT /api/vendor-orders/lines/1': failed(409, 'SPR-250 has 4 received: the quantity cannot go below 4.'),
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of SPR-250' });
    await user.clear(quantity);
    await user.type(quantity, '3{Enter}');
    expect(await screen.findByText('SPR-250 has 4 received: the quantity cannot go below 4.')).toBeInTheDocument();
    expect(screen.getByText('Line SPR-250 was not saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/vendor-orders/lines/1')[0]!.body).toEqual({
      quantity: 3,
      unitCostCents: 123456,
    });
  });

  it('sends a typed unit cost as cents', async () => {
    const fetchMock = stubApi({
      'GET /api/vendor-orders/3/lines': ok(LINES),
      'PUT /api/vendor-orders/lines/2': ok(line({ id: 2, unitCostCents: 4550 })),
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    await user.type(await screen.findByRole('textbox', { name: 'Unit cost of TRK-12' }), '45.5');
    await user.click(screen.getByRole('button', { name: 'Save line TRK-12' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/vendor-orders/lines/2')[0]?.body).toEqual({
        quantity: 2,
        unitCostCents: 4550,
      }),
    );
  });

  it('a refused remove says why in the confirmation', async () => {
    stubApi({
      'GET /api/vendor-orders/3/lines': ok(LINES),
      'DELETE /api/vendor-orders/lines/1': failed(409, 'SPR-250 has receipts: it cannot be removed.'),
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Remove line SPR-250' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('SPR-250 has receipts: it cannot be removed.')).toBeInTheDocument();
  });

  it('adds a line from the product picker and shows a package refusal in its words', async () => {
    const products: Product[] = [aProduct({ id: 9, itemNo: 'SPR-250', itemDescription: 'Torsion spring' })];
    stubApi({
      'GET /api/vendor-orders/3/lines': ok([]),
      'GET /api/products/': ok(products),
      'POST /api/vendor-orders/3/lines': failed(400, 'A package holds no stock: order its parts.'),
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    expect(await screen.findByText(/No lines yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a line' });
    await user.type(within(dialog).getByLabelText('Product'), 'SPR');
    await user.click(await screen.findByRole('option', { name: /SPR-250/ }));
    await user.type(within(dialog).getByLabelText('Quantity'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('A package holds no stock: order its parts.')).toBeInTheDocument();
  });

  it('a scan adds 1 to its line, and an item not on the vendor order says so', async () => {
    stubApi({ 'GET /api/vendor-orders/3/lines': ok(LINES) });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    const scan = await screen.findByLabelText('Scan or type an item number, then Enter');
    await user.type(scan, 'spr-250{Enter}');
    await user.type(scan, 'SPR-250{Enter}');
    expect(screen.getByRole('spinbutton', { name: 'Receive now of SPR-250' })).toHaveValue(2);
    expect(screen.getByText('SPR-250: receiving 2 of 6 outstanding.')).toBeInTheDocument();
    await user.type(scan, 'OPN-1{Enter}');
    expect(screen.getByText('OPN-1 is not on this vendor order.')).toBeInTheDocument();
    expect(scan).toHaveValue('');
  });

  it('receives all outstanding in one click with an Idempotency-Key, and says when the vendor order is Received', async () => {
    const fetchMock = stubApi({
      'GET /api/vendor-orders/3/lines': ok(LINES),
      'POST /api/vendor-orders/3/receive': {
        status: 201,
        body: {
          status: 'OK',
          message: '',
          data: { receiptId: 7, vendorOrderStatus: 'Received', lines: [] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Receive all outstanding' }));
    expect(
      await screen.findByText(/Received 8 units on 2 lines\. Every line is in: the vendor order is Received\./),
    ).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/vendor-orders/3/receive');
    expect(call!.body).toEqual({
      lines: [
        { lineId: 1, quantity: 6 },
        { lineId: 2, quantity: 2 },
      ],
      note: null,
      over: false,
    });
    expect(call!.key).toMatch(/\S{8,}/);
  });

  it('more than outstanding: the 409 offers to receive the extra, sent again with over: true', async () => {
    let answer = 0;
    const fetchMock = stubApi({
      'GET /api/vendor-orders/3/lines': ok(LINES),
      'POST /api/vendor-orders/3/receive': () =>
        answer++ === 0
          ? failed(409, 'SPR-250: 8 is more than the 6 outstanding.')
          : ok({ receiptId: 8, vendorOrderStatus: 'Ordered', lines: [] }),
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    await user.type(await screen.findByRole('spinbutton', { name: 'Receive now of SPR-250' }), '8');
    await user.type(screen.getByLabelText('Note (optional)'), 'two extra in the box');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('SPR-250: 8 is more than the 6 outstanding.')).toBeInTheDocument();
    expect(screen.getByText('More than is outstanding')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Receive more than outstanding' }));
    expect(await screen.findByText('Received 8 units on 1 line.')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', '/api/vendor-orders/3/receive');
    expect(calls.map((c) => c.body.over)).toEqual([false, true]);
    expect(calls[1]!.body).toMatchObject({ lines: [{ lineId: 1, quantity: 8 }], note: 'two extra in the box' });
  });

  it('a receive whose answer was lost is sent again with the same Idempotency-Key', async () => {
    let answer = 0;
    const fetchMock = stubApi({
      'GET /api/vendor-orders/3/lines': ok(LINES),
      'POST /api/vendor-orders/3/receive': () => {
        if (answer++ === 0) throw new TypeError('Failed to fetch');
        return ok({ receiptId: 9, vendorOrderStatus: 'Ordered', lines: [] });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<VendorOrderLines vendorOrderId={3} />);
    await user.type(await screen.findByRole('spinbutton', { name: 'Receive now of TRK-12' }), '1');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText(/No answer from the server: press Receive again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Received 1 unit on 1 line.')).toBeInTheDocument();
    const keys = callsTo(fetchMock, 'POST', '/api/vendor-orders/3/receive').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('reads unit costs as cents', () => {
    expect(parseCost('')).toBeNull();
    expect(parseCost('$1,234.5')).toBe(123450);
    expect(parseCost('12.345')).toBeUndefined();
    expect(parseCost('-1')).toBeUndefined();
  });
});
