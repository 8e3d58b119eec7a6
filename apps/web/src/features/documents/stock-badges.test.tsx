import type { AvailabilityLine, CartLine } from '@desk/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { FakeEventSource, stubEventSource } from '../../test/fake-event-source';
import { renderWithQuery } from '../../test/render-with-query';
import { documentKeys } from './api/query-keys';
import { DocumentModal } from './document-modal';
import { ProductCart } from './product-cart';
import { stockSummary, StockSummary } from './stock-summary';
import { aDocument, assocRow, highLift, modRow, packageLine, partLine, STATUSES } from './test/fixtures';

/** A product's line of the availability answer: covered unless told otherwise. */
const aLine = (productId: number, itemNo: string, fields: Partial<AvailabilityLine> = {}): AvailabilityLine => ({
  productId,
  itemNo,
  itemDescription: null,
  required: 2,
  covered: 2,
  short: 0,
  onHand: 10,
  onOrder: 0,
  nextArrival: null,
  ...fields,
});
const availabilityOf = (lines: AvailabilityLine[]) => ok({ ready: lines.every((l) => l.short === 0), lines });

/** The part line's opener is 2 short with 6 due; the package's hinge is covered, its track kit 3 short with none due. */
const SHELF = [
  aLine(48, 'OPN-JS-WM', { covered: 0, short: 2, onHand: 0, onOrder: 6, nextArrival: '2026-11-28' }),
  aLine(7, 'HNG-01', { required: 12, covered: 12 }),
  aLine(56, 'HLK-2-24', { covered: 0, short: 3, onHand: 0 }),
];

const AVAILABILITY = '/api/orders/13/availability';

function stubOrder(lines: CartLine[], more: Parameters<typeof stubApi>[0] = {}, header = aDocument()) {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
    'GET /api/order-parts/13': ok(lines),
    'GET /api/orders/13': ok(header),
    [`GET ${AVAILABILITY}`]: availabilityOf(SHELF),
    'GET /api/order-parts/sub-parts/23': ok([assocRow, modRow]),
    'GET /api/package/modifiers/package/75': ok([highLift]),
    'GET /api/orders/package-modifiers/23': ok([]),
    ...more,
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.filter(([u]) => String(u) === url).length;

const rowOf = (container: HTMLElement, itemNo: string) => within(container).getByText(itemNo).closest('tr')!;

describe('Stock in the cart', () => {
  it('shows the shelf beside a part line and each sub-part in words, nothing on the package row, once the cart has shown', async () => {
    const fetchMock = stubOrder([packageLine(), partLine()]);
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);

    const table = await screen.findByRole('table', { name: 'Product Cart' });
    const part = rowOf(table, 'OPN-JS-WM');
    const badge = await within(part).findByText('2 short - 6 due Nov 28');
    expect(badge.getAttribute('data-tone')).toBe('due');
    expect(badge.textContent).toBe('Stock: 2 short - 6 due Nov 28');
    // A package holds no stock.
    expect(rowOf(table, 'PKG-1607-INS').querySelector('.stock-badge')).toBeNull();
    // Asked after the cart answered, not with it: the cart never waits for the shelf.
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls.indexOf(AVAILABILITY)).toBeGreaterThan(urls.indexOf('/api/order-parts/13'));
    expect(callsTo(fetchMock, AVAILABILITY)).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Expand package line PKG-1607-INS' }));
    const subParts = await screen.findByRole('table', { name: 'Sub-parts of PKG-1607-INS' });
    await within(subParts).findByText('HNG-01');
    const hinge = within(rowOf(subParts, 'HNG-01')).getByText('In stock');
    expect(hinge.getAttribute('data-tone')).toBe('ok');
    const track = within(rowOf(subParts, 'HLK-2-24')).getByText('3 short');
    expect(track.getAttribute('data-tone')).toBe('short');
    // The same answer serves the sub-parts: no second request.
    expect(callsTo(fetchMock, AVAILABILITY)).toBe(1);
  });

  it('asks the shelf again after a quantity change, not after a price override', async () => {
    let shelf = SHELF;
    const fetchMock = stubOrder([partLine()], {
      [`GET ${AVAILABILITY}`]: () => availabilityOf(shelf),
      'PUT /api/order-parts/update/24': () => {
        shelf = [aLine(48, 'OPN-JS-WM', { required: 5, covered: 0, short: 5, onHand: 0 })];
        return ok({ ...partLine({ quantity: 5 }), totals: { subTotal: 0, tax: 0, total: 0 }, totalsCents: ZERO });
      },
      'PUT /api/order-parts/update/24/price-override': ok({
        ...partLine({ quantity: 5, priceOverride: 12 }),
        totals: { subTotal: 0, tax: 0, total: 0 },
        totalsCents: ZERO,
      }),
    });
    const user = userEvent.setup();
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);
    const table = await screen.findByRole('table', { name: 'Product Cart' });
    await within(table).findByText('2 short - 6 due Nov 28');

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of OPN-JS-WM' });
    await user.clear(quantity);
    await user.type(quantity, '5{Enter}');
    expect(await within(table).findByText('5 short')).toBeInTheDocument();
    expect(callsTo(fetchMock, AVAILABILITY)).toBe(2);

    const override = screen.getByRole('spinbutton', { name: 'Price override of OPN-JS-WM' });
    await user.type(override, '12{Enter}');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/price-override'))).toBe(true));
    expect(callsTo(fetchMock, AVAILABILITY)).toBe(2);
  });

  it('says in words when the shelf could not be checked, and the cart stays usable', async () => {
    stubOrder([partLine()], { [`GET ${AVAILABILITY}`]: failed(503, 'The database is busy') });
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);
    expect(await screen.findByTestId('stock-error')).toHaveTextContent(
      'The shelf could not be checked: The database is busy',
    );
    expect(screen.getByRole('spinbutton', { name: 'Quantity of OPN-JS-WM' })).toBeEnabled();
  });

  it('asks nothing for a closed order: its parts have left the shelf', async () => {
    const fetchMock = stubOrder([partLine()], {}, aDocument({ orderStatus: STATUSES[2]! }));
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);
    await screen.findByRole('table', { name: 'Product Cart' });
    await waitFor(() => expect(callsTo(fetchMock, '/api/orders/13')).toBe(1));
    expect(callsTo(fetchMock, AVAILABILITY)).toBe(0);
    expect(document.querySelector('.stock-badge')).toBeNull();
  });

  it("asks a quote's shelf at the quote's address", async () => {
    stubApi({
      'GET /api/config': ok({ companyName: 'Garage Door Supply', taxRate: 0.0975 }),
      'GET /api/quote-parts/21': ok([partLine()]),
      'GET /api/quotes/21': ok(aDocument({ id: 21, kind: 'quote', orderStatus: undefined })),
      'GET /api/quotes/21/availability': availabilityOf([aLine(48, 'OPN-JS-WM')]),
    });
    renderWithQuery(<ProductCart kind="quote" docId={21} useTax={false} />);
    const table = await screen.findByRole('table', { name: 'Product Cart' });
    expect(await within(rowOf(table, 'OPN-JS-WM')).findByText('In stock')).toBeInTheDocument();
  });
});

const ZERO = { subTotalCents: 0, taxCents: 0, totalCents: 0 };

describe('Stock in the cart, told live', () => {
  beforeEach(() => {
    stubEventSource({ startOpen: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks again when the stock of one of the cart's products moves or this document changes, not for others", async () => {
    const fetchMock = stubOrder([partLine()]);
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);
    await screen.findByText('2 short - 6 due Nov 28');
    const stream = FakeEventSource.made.at(-1)!;
    const asked = () => callsTo(fetchMock, AVAILABILITY);
    expect(asked()).toBe(1);

    act(() => stream.emit('stock', { productIds: [999] }));
    act(() => stream.emit('document', { kind: 'order', id: 14, version: 2, user: 'clerk2' }));
    act(() => stream.emit('document', { kind: 'quote', id: 13, version: 2, user: 'clerk2' }));
    expect(asked()).toBe(1);

    act(() => stream.emit('stock', { productIds: [5, 48] }));
    await waitFor(() => expect(asked()).toBe(2));
    act(() => stream.emit('document', { kind: 'order', id: 13, version: 5, user: 'clerk2' }));
    await waitFor(() => expect(asked()).toBe(3));
  });
  it('cancels a request whose answer is stale when the shelf must be asked again', async () => {
    const answers = stubOrder([partLine()]);
    const signals: AbortSignal[] = [];
    // The first availability request hangs until it is cancelled; the second answers.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === AVAILABILITY) {
          signals.push(init!.signal!);
          if (signals.length === 1)
            await new Promise((_resolve, reject) =>
              init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
            );
        }
        return answers(input, init);
      }),
    );
    renderWithQuery(<ProductCart kind="order" docId={13} useTax={false} />);
    await screen.findByRole('table', { name: 'Product Cart' });
    await waitFor(() => expect(signals).toHaveLength(1));
    const stream = FakeEventSource.made.at(-1)!;

    act(() => stream.emit('reset', {}));
    expect(await screen.findByText('2 short - 6 due Nov 28')).toBeInTheDocument();
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });
});

describe('The order modal: ready or short', () => {
  it('words the answer: ready, short with the earliest arrival of a short product, short with nothing due', () => {
    expect(stockSummary({ ready: true, lines: [] })).toBeNull();
    expect(stockSummary({ ready: true, lines: [aLine(7, 'HNG-01')] })).toEqual({
      text: 'Ready: everything on the shelf',
      tone: 'ok',
    });
    expect(
      stockSummary({
        ready: false,
        lines: [
          aLine(48, 'OPN-JS-WM', { short: 2, onOrder: 6, nextArrival: '2026-12-09' }),
          aLine(56, 'HLK-2-24', { short: 4, onOrder: 4, nextArrival: '2026-12-04' }),
          aLine(9, 'CBL-8', { short: 1 }),
          // Covered: its arrival is not the news.
          aLine(7, 'HNG-01', { onOrder: 2, nextArrival: '2026-12-01' }),
        ],
      }),
    ).toEqual({ text: 'Short: 3 products, 7 units - next arrival Dec 4', tone: 'due' });
    expect(stockSummary({ ready: false, lines: [aLine(9, 'CBL-8', { short: 1 })] })).toEqual({
      text: 'Short: 1 product, 1 unit - nothing on order',
      tone: 'short',
    });
  });

  it('reads the answer the cart asked for, sending nothing itself', async () => {
    const fetchMock = stubApi({});
    const { queryClient } = renderWithQuery(<StockSummary kind="order" docId={13} />);
    expect(screen.queryByTestId('stock-summary')).toBeNull();
    act(() => {
      queryClient.setQueryData(documentKeys.availability('order', 13), {
        ready: false,
        lines: [aLine(48, 'OPN-JS-WM', { short: 2, onOrder: 6, nextArrival: '2026-11-28' })],
      });
    });
    expect(await screen.findByTestId('stock-summary')).toHaveTextContent(
      'Stock: Short: 1 product, 2 units - next arrival Nov 28',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the summary at the top of an open order, from the one availability request', async () => {
    const fetchMock = stubOrder([packageLine(), partLine()], {
      'GET /api/dropdown/order-status': ok(STATUSES),
      'GET /api/customers/': ok([]),
    });
    renderWithQuery(<DocumentModal kind="order" show documentId={13} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /Edit Order/ });
    expect(await within(dialog).findByTestId('stock-summary')).toHaveTextContent(
      'Short: 2 products, 5 units - next arrival Nov 28',
    );
    expect(callsTo(fetchMock, AVAILABILITY)).toBe(1);
  });
});
