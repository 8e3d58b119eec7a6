import { ROLE_ADMIN, ROLE_USER, type ReorderRow, type StockCount, type StockMove, type StockRow } from '@desk/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { created, ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const row = (over: Partial<StockRow>): StockRow => ({
  productId: 9,
  itemNo: 'SPR-250',
  itemDescription: 'Torsion spring 0.250 x 2 x 32',
  productType: 'Springs',
  onHand: 4,
  reserved: 7,
  available: -3,
  onOrder: 6,
  nextArrival: '2026-12-03',
  reorderPoint: 5,
  reorderQuantity: 20,
  countNeeded: true,
  ...over,
});

const ROWS = [
  row({}),
  row({
    productId: 11,
    itemNo: 'TRK-12',
    itemDescription: 'Track kit 12 ft',
    productType: 'Track',
    onHand: 12,
    reserved: 2,
    available: 10,
    onOrder: 0,
    nextArrival: null,
    reorderPoint: 0,
    reorderQuantity: 0,
    countNeeded: false,
  }),
];

const page = <T,>(items: T[]) => ({ items, filtered: items.length, total: items.length, page: 1, size: 10 });

const MOVE: StockMove = {
  id: 31,
  productId: 9,
  kind: 'receipt',
  quantity: 6,
  onHandAfter: 10,
  refKind: 'vendor-order',
  refId: 3,
  reason: null,
  note: 'packing slip 4471',
  username: 'ann',
  at: '2026-11-28T15:30:00Z',
};

const COUNT: StockCount = {
  id: 5,
  state: 'open',
  startedAt: '2026-11-29T09:00:00Z',
  startedBy: 'ann',
  appliedAt: null,
  lines: [
    { productId: 9, itemNo: 'SPR-250', itemDescription: 'Torsion spring', expected: 4, counted: null },
    { productId: 12, itemNo: 'SPR-262', itemDescription: 'Torsion spring 0.262', expected: 3, counted: null },
  ],
};

const REORDER: ReorderRow[] = [{ ...row({}), suggested: 22 }];

function stockServer(
  admin: boolean,
  extra: Record<string, FakeAnswer | ((r: { body: string | null }) => FakeAnswer)> = {},
) {
  const roles = admin ? [ROLE_USER, ROLE_ADMIN] : [ROLE_USER];
  return stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session/status': ok({ signedIn: true, username: 'ann', roles }),
    'GET /api/users/roles': ok(roles),
    'GET /api/dashboard/access': ok({ allowed: false, forStaff: false }),
    'GET /api/stock': ok(page(ROWS)),
    'GET /api/stock/9': ok({ ...ROWS[0], isPackage: false }),
    'GET /api/stock/9/moves': ok(page([MOVE])),
    'GET /api/stock/counts': ok([]),
    'GET /api/stock/reorder': ok(REORDER),
    ...extra,
  });
}

const urls = (fetchMock: ReturnType<typeof stubApi>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith(prefix));

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === method)
    .map(([, init]) => ({
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }));
}

describe('Stock page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is in the navigation and lists each part with available short in words and the count-needed badge', async () => {
    const fetchMock = stockServer(false);
    const user = userEvent.setup();
    renderApp('/stock');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Stock' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Stock' });
    const spring = (await within(table).findByText('SPR-250')).closest('tr')!;
    expect(within(spring).getByText('(3 short)')).toBeInTheDocument();
    expect(within(spring).getByText('Count needed')).toBeInTheDocument();
    expect(within(spring).getByText('Dec 3, 2026')).toBeInTheDocument();
    expect(within(spring).getByText('at 5, order 20')).toBeInTheDocument();
    const track = within(table).getByText('TRK-12').closest('tr')!;
    expect(within(track).queryByText('Count needed')).toBeNull();
    expect(urls(fetchMock, '/api/stock?')[0]).toBe('/api/stock?page=1&size=10&sort=itemNo');

    await user.click(screen.getByRole('checkbox', { name: 'Short only' }));
    await waitFor(() =>
      expect(urls(fetchMock, '/api/stock?').at(-1)).toBe('/api/stock?page=1&size=10&sort=itemNo&short=1'),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Count needed only' }));
    await waitFor(() =>
      expect(urls(fetchMock, '/api/stock?').at(-1)).toBe('/api/stock?page=1&size=10&sort=itemNo&short=1&countNeeded=1'),
    );
    // The export follows the list's sort and switches.
    expect(screen.getByRole('link', { name: 'Export stock to CSV' })).toHaveAttribute(
      'href',
      '/api/export/stock.csv?short=1&countNeeded=1&sort=itemNo',
    );
  });

  it("shows a part's moves and saves its reorder settings; staff get no adjustment form", async () => {
    const fetchMock = stockServer(false, { 'PUT /api/stock/9/reorder': ok(row({ reorderPoint: 8 })) });
    const user = userEvent.setup();
    renderApp('/stock');
    await user.click(await screen.findByRole('button', { name: 'Moves of SPR-250' }));
    const dialog = await screen.findByRole('dialog', { name: /Stock of SPR-250/ });
    const moves = await within(dialog).findByRole('table', { name: 'Moves, newest first' });
    const move = (await within(moves).findByText('Receipt')).closest('tr')!;
    expect(within(move).getByText('+6')).toBeInTheDocument();
    expect(within(move).getByText('Vendor order 3')).toBeInTheDocument();
    expect(within(move).getByText('packing slip 4471')).toBeInTheDocument();
    expect(urls(fetchMock, '/api/stock/9/moves')[0]).toBe('/api/stock/9/moves?page=1&size=10');
    expect(within(dialog).queryByRole('button', { name: 'Adjust' })).toBeNull();

    const point = within(dialog).getByLabelText('Reorder point');
    await user.clear(point);
    await user.type(point, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save reorder settings' }));
    expect(await within(dialog).findByText('Reorder settings saved')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/api/stock/9/reorder')[0]!.body).toEqual({ reorderPoint: 8, reorderQuantity: 20 });
  });

  it('an administrator adjusts on hand with a reason and an Idempotency-Key', async () => {
    const fetchMock = stockServer(true, {
      'POST /api/stock/adjustments': created({ ...MOVE, id: 32, kind: 'adjustment', quantity: -2, onHandAfter: 2 }),
    });
    const user = userEvent.setup();
    renderApp('/stock');
    await user.click(await screen.findByRole('button', { name: 'Moves of SPR-250' }));
    const dialog = await screen.findByRole('dialog', { name: /Stock of SPR-250/ });
    await user.type(await within(dialog).findByLabelText('Change'), '-2');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'damaged');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'forklift');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findByText('Adjusted by -2: on hand is now 2')).toBeInTheDocument();
    const [call] = sent(fetchMock, 'POST', '/api/stock/adjustments');
    expect(call!.body).toEqual({ productId: 9, quantity: -2, reason: 'damaged', note: 'forklift' });
    expect(call!.key).toMatch(/\S{8,}/);
  });

  it('a count from start to apply: blind entry, saved, the variances shown, then applied', async () => {
    let saved: StockCount = COUNT;
    const fetchMock = stockServer(true, {
      'POST /api/stock/counts': created(COUNT),
      'GET /api/stock/counts/5': () => ok(saved),
      'PUT /api/stock/counts/5': ({ body }) => {
        const { lines } = JSON.parse(body ?? '{}') as { lines: Array<{ productId: number; counted: number }> };
        saved = {
          ...COUNT,
          lines: COUNT.lines.map((l) => ({
            ...l,
            counted: lines.find((x) => x.productId === l.productId)?.counted ?? null,
          })),
        };
        return ok(saved);
      },
      'POST /api/stock/counts/5/apply': ok({
        lines: [{ productId: 9, expected: 4, counted: 6, variance: 2, onHandAfter: 6 }],
      }),
    });
    const user = userEvent.setup();
    renderApp('/stock?tab=counts');
    await user.click(await screen.findByRole('radio', { name: 'Item numbers starting with' }));
    await user.type(screen.getByLabelText('Item number prefix'), 'SPR-');
    await user.click(screen.getByRole('button', { name: 'Start count' }));
    expect(sent(fetchMock, 'POST', '/api/stock/counts')[0]!.body).toEqual({ itemNoPrefix: 'SPR-' });

    const dialog = await screen.findByRole('dialog', { name: 'Count 5' });
    // Blind: what the shelf should hold is not shown while counting.
    expect(within(dialog).queryByText('Expected')).toBeNull();
    await user.type(await within(dialog).findByRole('spinbutton', { name: 'Counted SPR-250' }), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Review and apply' }));
    expect(sent(fetchMock, 'PUT', '/api/stock/counts/5')[0]!.body).toEqual({ lines: [{ productId: 9, counted: 6 }] });

    const variances = await within(dialog).findByRole('table', { name: 'Variances to apply' });
    const spring = within(variances).getByText('SPR-250').closest('tr')!;
    expect(within(spring).getByText('+2 (extra)')).toBeInTheDocument();
    expect(within(variances).queryByText('SPR-262')).toBeNull();
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply count' }));
    expect(await within(dialog).findByText('Count 5 applied')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('table', { name: 'Applied variances' })).getByText('SPR-250'),
    ).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/stock/counts/5/apply')).toHaveLength(1);
  });

  it('staff enter and save counts but do not apply them; the sheet PDF is linked', async () => {
    stockServer(false, {
      'GET /api/stock/counts': ok([{ ...COUNT, lines: undefined, lineCount: 2, countedCount: 0 }]),
      'GET /api/stock/counts/5': ok(COUNT),
    });
    const user = userEvent.setup();
    renderApp('/stock?tab=counts');
    expect(await screen.findByRole('link', { name: 'Sheet (PDF) of count 5' })).toHaveAttribute(
      'href',
      '/api/stock/counts/5/sheet.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Enter counts of count 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Count 5' });
    expect(await within(dialog).findByRole('button', { name: 'Save counts' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Review and apply' })).toBeNull();
  });

  it('the reorder list makes a vendor order of the suggested quantities as changed, and links to it', async () => {
    const fetchMock = stockServer(false, {
      'POST /api/stock/reorder': created({
        id: 44,
        name: 'Spring restock',
        description: null,
        estimatedArrival: null,
        status: 'Ordered',
        receivedDate: null,
        version: 1,
      }),
    });
    const user = userEvent.setup();
    renderApp('/stock?tab=reorder');
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of SPR-250' });
    expect(quantity).toHaveValue(22);
    await user.clear(quantity);
    await user.type(quantity, '24');
    const name = screen.getByLabelText('Vendor order name');
    await user.clear(name);
    await user.type(name, 'Spring restock');
    await user.click(screen.getByRole('button', { name: 'Create vendor order (1 line)' }));
    expect(await screen.findByRole('link', { name: 'Open vendor order 44' })).toHaveAttribute(
      'href',
      '/sales?tab=vendor-orders&open=44',
    );
    expect(sent(fetchMock, 'POST', '/api/stock/reorder')[0]!.body).toEqual({
      name: 'Spring restock',
      lines: [{ productId: 9, quantity: 24 }],
    });
  });

  it('reads the list again when the server says stock changed', async () => {
    const sources: Array<{ emit: (type: string, data: unknown) => void }> = [];
    class FakeEventSource {
      static CLOSED = 2;
      readyState = 1;
      onopen: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private listeners = new Map<string, Array<(e: { data: string }) => void>>();
      constructor() {
        sources.push(this);
      }
      addEventListener(type: string, fn: (e: { data: string }) => void) {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
      }
      close() {}
      emit(type: string, data: unknown) {
        for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const fetchMock = stockServer(false);
    renderApp('/stock');
    await screen.findByRole('button', { name: 'Moves of SPR-250' });
    const before = urls(fetchMock, '/api/stock?').length;
    await waitFor(() => expect(sources.length).toBeGreaterThan(0));
    act(() => {
      for (const s of sources) s.emit('stock', { productIds: [9] });
    });
    await waitFor(() => expect(urls(fetchMock, '/api/stock?').length).toBeGreaterThan(before));
  });
});
