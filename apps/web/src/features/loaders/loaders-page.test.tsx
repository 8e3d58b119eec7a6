import { emptyBayData, ROLE_USER, type BayData, type PickupOrder } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi, type FakeAnswer } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { GRID_MANAGER_COLUMNS } from './grid-manager';
import { LOADERS_REQUEST_TIMEOUT_MS } from './api/request-limits';

const emptyBay = emptyBayData;

const bay1: BayData = {
  bayId: 1,
  orderId: 41,
  customerId: 7,
  customerName: 'Sierra Door Service',
  customerJobName: 'Elk Grove warehouse - dock doors',
  specialInstructions: 'Call Dana before loading',
  next: [],
  printExcelModels: [
    {
      quantity: 2,
      itemNo: 'PKG-1670-INS',
      itemDescription: '16x7 insulated steel sectional door package',
      price: 1899.5,
      kind: 'LINE',
      notes: ['Lift notes: HL 18 in, jackshaft opener'],
    },
    {
      quantity: 8,
      itemNo: 'SEC-16-INS',
      itemDescription: 'Insulated steel section 16 ft',
      price: 0,
      kind: 'SUB',
      notes: ['Color: almond'],
    },
    {
      quantity: 2,
      itemNo: 'HLK-24',
      itemDescription: 'High lift kit',
      price: 0,
      kind: 'SUB',
      notes: ['Lift 18 in', 'Jackshaft side left'],
    },
    { quantity: 1, itemNo: 'OPN-BELT', itemDescription: 'Belt drive opener', price: 0, kind: 'LINE', notes: [] },
  ],
};

const bay2: BayData = {
  bayId: 2,
  orderId: 42,
  customerId: 9,
  customerName: 'Capitol Overhead',
  customerJobName: 'Midtown lofts',
  specialInstructions: null,
  next: [],
  printExcelModels: [
    { quantity: 4, itemNo: 'RLR-13', itemDescription: '13-ball nylon roller', price: 0, kind: 'LINE', notes: [] },
  ],
};

const order = (id: number, fields: Partial<PickupOrder> = {}): PickupOrder => ({
  id,
  customerId: 100 + id,
  customerName: `Customer ${id}`,
  customerNo: `C-${id}`,
  jobName: `Job ${id}`,
  poNumber: null,
  orderStatus: 'Ready for Pickup',
  current_load: false,
  loading_bay: null,
  ...fields,
});

type Handlers = Parameters<typeof stubApi>[0];

function bayHandlers(bays: Record<number, () => FakeAnswer>): Handlers {
  const handlers: Handlers = {};
  for (let bayId = 1; bayId <= 8; bayId++) {
    handlers[`GET /api/getGarageBayData/${bayId}`] = () => bays[bayId]?.() ?? ok(emptyBay(bayId));
  }
  return handlers;
}

function stubLoaders(handlers: Handlers) {
  return stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session': ok({ username: 'ann', roles: [ROLE_USER] }),
    'GET /api/users/roles': ok([ROLE_USER]),
    'GET /api/orders/list/pickup_ready': ok([]),
    ...bayHandlers({}),
    ...handlers,
  });
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = calls(fetchMock, method, path).at(-1);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

const bayCard = (bayId: number) => screen.getByRole('region', { name: `Loading Bay ${bayId}` });
const completeBox = (bayId: number) => within(bayCard(bayId)).getByRole('checkbox', { name: 'Complete Order' });

async function openGrid(handlers: Handlers = {}) {
  const fetchMock = stubLoaders({
    ...bayHandlers({ 1: () => ok(bay1), 2: () => ok(bay2) }),
    ...handlers,
  });
  const view = renderApp('/loaders');
  await within(await screen.findByRole('region', { name: 'Loading Bay 1' })).findByText('Sierra Door Service');
  await within(bayCard(2)).findByText('Capitol Overhead');
  return { fetchMock, ...view };
}

describe('Loaders > Loading Grid', () => {
  it('shows eight bays with their loads, priced lines in green and empty bays', async () => {
    const { fetchMock } = await openGrid();

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Loading Bay ${i + 1}`),
    );
    for (let bayId = 1; bayId <= 8; bayId++) {
      expect(calls(fetchMock, 'GET', `/api/getGarageBayData/${bayId}`)).toHaveLength(1);
    }
    expect(calls(fetchMock, 'GET', '/api/orders/list/pickup_ready')).toHaveLength(1);

    const one = within(bayCard(1));
    expect(one.getByText('Elk Grove warehouse - dock doors')).toBeInTheDocument();
    expect(one.getByText('Order #41')).toBeInTheDocument();
    const table = one.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Quantity', 'Item No', 'Item Description']);
    expect(one.getByText('PKG-1670-INS').closest('tr')!.className).toContain('table-success');
    expect(one.getByText('OPN-BELT').closest('tr')!.className).not.toContain('table-success');
    expect(one.getByText('SEC-16-INS').closest('tr')!.className).toContain('bay-row-sub');

    expect(within(bayCard(3)).getByText('No data available for this bay')).toBeInTheDocument();
    expect(screen.getAllByText('No data available for this bay')).toHaveLength(6);
    expect((completeBox(1) as HTMLInputElement).disabled).toBe(false);
    expect((completeBox(3) as HTMLInputElement).disabled).toBe(true);
  });

  it('treats a bay whose fetch fails as empty, with a quiet note', async () => {
    await openGrid({ 'GET /api/getGarageBayData/5': failed(500, 'Database unavailable') });
    const five = within(bayCard(5));
    expect(await five.findByText('No data available for this bay')).toBeInTheDocument();
    expect(five.getByText(/Could not load this bay/).textContent).toContain('Database unavailable');
    expect((completeBox(5) as HTMLInputElement).disabled).toBe(true);
  });

  it('Refresh Bay reloads only that bay', async () => {
    let bay3: BayData = emptyBay(3);
    const { fetchMock } = await openGrid({ 'GET /api/getGarageBayData/3': () => ok(bay3) });
    bay3 = { ...bay2, bayId: 3, orderId: 43, customerId: 11, customerName: 'Foothill Garage Doors' };

    await userEvent.click(within(bayCard(3)).getByRole('button', { name: 'Refresh Bay' }));
    expect(await within(bayCard(3)).findByText('Foothill Garage Doors')).toBeInTheDocument();
    expect(calls(fetchMock, 'GET', '/api/getGarageBayData/3')).toHaveLength(2);
    expect(calls(fetchMock, 'GET', '/api/getGarageBayData/1')).toHaveLength(1);
    expect(calls(fetchMock, 'GET', '/api/getGarageBayData/4')).toHaveLength(1);
  });

  it("warns 'No orders selected for completion.' and sends nothing when no bay is ticked", async () => {
    const { fetchMock } = await openGrid();
    await userEvent.click(screen.getByRole('button', { name: 'Complete Orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No orders selected for completion.');
    expect(calls(fetchMock, 'POST', '/api/orders/completeBayOrders')).toHaveLength(0);
  });

  it('completes the ticked bays, clears the selection and reloads every bay and the pickup list', async () => {
    let completed = false;
    const { fetchMock } = await openGrid({
      ...bayHandlers({
        1: () => ok(completed ? emptyBay(1) : bay1),
        2: () => ok(bay2),
      }),
      'POST /api/orders/completeBayOrders': () => {
        completed = true;
        return ok({ completed: [41] }, 'Orders successfully completed.');
      },
    });
    const user = userEvent.setup();

    await user.click(completeBox(1));
    expect((completeBox(1) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Complete Orders' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Orders successfully completed.');
    expect(bodyOf(fetchMock, 'POST', '/api/orders/completeBayOrders')).toEqual({ orderIds: [41] });
    for (let bayId = 1; bayId <= 8; bayId++) {
      expect(calls(fetchMock, 'GET', `/api/getGarageBayData/${bayId}`)).toHaveLength(2);
    }
    expect(calls(fetchMock, 'GET', '/api/orders/list/pickup_ready')).toHaveLength(2);
    expect(within(bayCard(1)).getByText('No data available for this bay')).toBeInTheDocument();
    expect((completeBox(1) as HTMLInputElement).disabled).toBe(true);
    expect((completeBox(2) as HTMLInputElement).checked).toBe(false);

    // The selection is empty again.
    await user.click(screen.getByRole('button', { name: 'Complete Orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No orders selected for completion.');
  });

  it("shows 'Error completing orders.' with the server's reason, keeping the selection", async () => {
    await openGrid({
      'POST /api/orders/completeBayOrders': failed(
        409,
        'Order 42 is not loaded in a bay (already completed or moved); nothing was completed.',
      ),
    });
    await userEvent.click(completeBox(2));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Orders' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error completing orders.')).toBeInTheDocument();
    expect(within(alert).getByText(/^Order 42 is not loaded in a bay/)).toBeInTheDocument();
    expect((completeBox(2) as HTMLInputElement).checked).toBe(true);
  });

  it("shows 'Failed to complete orders.' when the server cannot be reached", async () => {
    const fetchMock = await openGrid().then((v) => v.fetchMock);
    await userEvent.click(completeBox(1));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/orders/completeBayOrders') throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Complete Orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to complete orders.');
  });

  it('disables Complete Orders while the request runs', async () => {
    let release: (answer: FakeAnswer) => void = () => undefined;
    const { fetchMock } = await openGrid();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/orders/completeBayOrders') return answer(input, init);
      const reply = await new Promise<FakeAnswer>((resolve) => (release = resolve));
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    });
    await userEvent.click(completeBox(1));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Orders' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Complete Orders' }) as HTMLButtonElement).disabled).toBe(true),
    );
    release(ok({ completed: [41] }));
    expect((await screen.findByRole('alert')).textContent).toBe('Orders successfully completed.');
    expect((screen.getByRole('button', { name: 'Complete Orders' }) as HTMLButtonElement).disabled).toBe(false);
  });
  it('shows Special Instructions, and under each pick line its notes and inches', async () => {
    await openGrid();
    const one = within(bayCard(1));
    expect(one.getByText('Call Dana before loading')).toBeInTheDocument();
    expect(one.getByText('Special Instructions:')).toBeInTheDocument();
    const liftRow = one.getByText('HLK-24').closest('tr')!;
    expect(
      within(liftRow)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lift 18 in', 'Jackshaft side left']);
    expect(within(one.getByText('SEC-16-INS').closest('tr')!).getByRole('listitem').textContent).toBe('Color: almond');
    expect(within(one.getByText('PKG-1670-INS').closest('tr')!).getByRole('listitem').textContent).toBe(
      'Lift notes: HL 18 in, jackshaft opener',
    );
    expect(within(one.getByText('OPN-BELT').closest('tr')!).queryByRole('list')).toBeNull();
    expect(within(bayCard(2)).queryByText('Special Instructions:')).toBeNull();
  });

  it('ticks per bay: one customer in bays 3 and 4, ticking bay 3 leaves bay 4 and completes only its order', async () => {
    const contractor = { customerId: 7, customerName: 'Delta Contractors' };
    const { fetchMock } = await openGrid({
      ...bayHandlers({
        1: () => ok(bay1),
        2: () => ok(bay2),
        3: () => ok({ ...bay2, ...contractor, bayId: 3, orderId: 43, customerJobName: 'Riverside Hall' }),
        4: () => ok({ ...bay2, ...contractor, bayId: 4, orderId: 44, customerJobName: 'Riverside Annex' }),
      }),
      'POST /api/orders/completeBayOrders': ok({ completed: [43] }, 'Orders successfully completed.'),
    });
    await within(bayCard(4)).findByText('Riverside Annex');
    const user = userEvent.setup();
    await user.click(completeBox(3));
    expect((completeBox(3) as HTMLInputElement).checked).toBe(true);
    expect((completeBox(4) as HTMLInputElement).checked).toBe(false);
    expect((completeBox(1) as HTMLInputElement).checked).toBe(false); // same customer id as bay 1, too
    await user.click(screen.getByRole('button', { name: 'Complete Orders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Orders successfully completed.');
    expect(bodyOf(fetchMock, 'POST', '/api/orders/completeBayOrders')).toEqual({ orderIds: [43] });
    expect(calls(fetchMock, 'POST', '/api/orders/modifyLoaderOrders')).toHaveLength(0);
  });

  it('shows an order assigned to a bay as "Next", never "Empty"', async () => {
    await openGrid({
      ...bayHandlers({
        1: () => ok({ ...bay1, next: [{ orderId: 50, customerName: 'Capitol Overhead', jobName: 'Midtown lofts 2' }] }),
        2: () => ok(bay2),
        5: () =>
          ok({
            ...emptyBay(5),
            next: [
              { orderId: 51, customerName: 'Foothill Garage Doors', jobName: 'Auburn shop' },
              { orderId: 52, customerName: 'Sierra Door Service', jobName: null },
            ],
          }),
      }),
    });
    const five = within(bayCard(5));
    expect(await five.findByText('Foothill Garage Doors')).toBeInTheDocument();
    expect(five.getByText('Next')).toBeInTheDocument();
    expect(five.getByText('Auburn shop')).toBeInTheDocument();
    expect(five.getByText('Order #51: assigned, not yet loaded (+1 more)')).toBeInTheDocument();
    expect(five.queryByText('Empty')).toBeNull();
    // Nothing to complete yet: the checkbox stays off.
    expect((completeBox(5) as HTMLInputElement).disabled).toBe(true);
    // A loaded bay names what comes after its load.
    const one = within(bayCard(1));
    expect(one.getByText('Next').parentElement!.textContent).toBe('Next#50 Capitol Overhead');
    expect(within(bayCard(6)).getByText('Empty')).toBeInTheDocument();
  });

  it('a scanned pick ticket ticks the bay holding the order and highlights it; completing stays one press', async () => {
    const { fetchMock } = await openGrid({
      ...bayHandlers({
        1: () => ok(bay1),
        2: () => ok({ ...bay2, next: [{ orderId: 60, customerName: 'Foothill', jobName: null }] }),
      }),
      'POST /api/orders/completeBayOrders': () => ok({ completed: [42] }, 'Orders successfully completed.'),
    });
    const user = userEvent.setup();
    const field = screen.getByLabelText('Scan pick ticket');
    // Focused when the grid opens: the scanner types into it at once.
    expect(document.activeElement).toBe(field);
    const answer = () => screen.getByTestId('scan-answer');
    // Before any scan, the line says the pickup summary.
    expect(screen.queryByTestId('scan-answer')).toBeNull();

    await user.type(field, '42{Enter}');
    expect(answer().textContent).toBe(
      'Order #42 is in Bay 2 (Capitol Overhead): ticked. Press Complete Orders to complete it.',
    );
    expect(answer().getAttribute('role')).toBe('status');
    expect(field.getAttribute('aria-describedby')).toBe(answer().id);
    expect((completeBox(2) as HTMLInputElement).checked).toBe(true);
    expect(bayCard(2).getAttribute('data-scanned')).toBe('true');
    expect(bayCard(1).getAttribute('data-scanned')).toBeNull();
    // Ready for the next scan; nothing was completed by the scan.
    expect((field as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(calls(fetchMock, 'POST', '/api/orders/completeBayOrders')).toHaveLength(0);

    // A second scan of the same ticket keeps it ticked (a scan never unticks).
    await user.type(field, '42{Enter}');
    expect((completeBox(2) as HTMLInputElement).checked).toBe(true);

    await user.type(field, '60{Enter}');
    expect(answer().textContent).toBe('Order #60 is assigned to Bay 2 but not loaded yet, so it cannot be completed.');
    await user.type(field, '999{Enter}');
    expect(answer().textContent).toBe('Order #999 is not in any bay.');
    expect(bayCard(2).getAttribute('data-scanned')).toBeNull();
    await user.type(field, 'ABC{Enter}');
    expect(answer().textContent).toBe('"ABC" is not an order number.');
    expect((completeBox(1) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Complete Orders' }));
    expect(bodyOf(fetchMock, 'POST', '/api/orders/completeBayOrders')).toEqual({ orderIds: [42] });
  });

  it('the scan message goes when the bay it points at is completed (issue 36, defect 5)', async () => {
    let done = false;
    await openGrid({
      ...bayHandlers({ 1: () => ok(bay1), 2: () => ok(done ? emptyBay(2) : bay2) }),
      'POST /api/orders/completeBayOrders': () => {
        done = true;
        return ok({ completed: [42] }, 'Orders successfully completed.');
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Scan pick ticket'), '42{Enter}');
    expect(screen.getByTestId('scan-answer').textContent).toContain('Press Complete Orders to complete it.');
    await user.click(screen.getByRole('button', { name: 'Complete Orders' }));
    await within(bayCard(2)).findByText('Empty');
    expect(screen.queryByTestId('scan-answer')).toBeNull();
    expect(screen.queryByText(/Press Complete Orders/)).toBeNull();
  });

  it('a bay card says what its load still waits on (issue 36, defect 11)', async () => {
    await openGrid({
      ...bayHandlers({
        1: () => ok(bay1),
        2: () =>
          ok({
            ...bay2,
            waitingOn: [{ vendorOrderId: 7, name: 'Panels', expected: '2026-12-04', overdue: false }],
          }),
      }),
    });
    expect(within(bayCard(2)).getByText('Waiting on vendor order 7, expected Dec 4')).toBeInTheDocument();
  });

  it("says the bays are stale while they are the service worker's offline copies, and not once fresh again", async () => {
    let offline = true;
    const copy = (answer: FakeAnswer): FakeAnswer =>
      offline ? { ...answer, headers: { 'X-Desk-Offline-Copy': '2026-11-26T14:02:00.000Z' } } : answer;
    stubLoaders(bayHandlers({ 1: () => copy(ok(bay1)), 2: () => ok(bay2) }));
    const { queryClient } = renderApp('/loaders');
    const stale = await screen.findByTestId('bays-stale');
    expect(stale.textContent).toMatch(/^Offline: the bays as last seen at .+, maybe out of date\./);
    // A screen reader hears it in the bay's heading (visually hidden).
    const one = await screen.findByRole('region', { name: /^Loading Bay 1\b/ });
    expect(within(one).getByRole('heading').textContent).toBe('Loading Bay 1 (offline copy)');
    expect(one.getAttribute('data-offline-copy')).toBe('true');
    expect(bayCard(2).getAttribute('data-offline-copy')).toBeNull();

    offline = false;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.queryByTestId('bays-stale')).toBeNull());
    expect(bayCard(1).getAttribute('data-offline-copy')).toBeNull();
  });

  it('Complete Orders offline fails at once with the spec message and is not sent again when back online', async () => {
    const { fetchMock } = await openGrid();
    const user = userEvent.setup();
    await user.click(completeBox(1));
    const answer = fetchMock.getMockImplementation()!;
    let online = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    onlineManager.setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Complete Orders' }));
      expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe('Failed to complete orders.');
      expect((screen.getByRole('button', { name: 'Complete Orders' }) as HTMLButtonElement).disabled).toBe(false);
      expect(calls(fetchMock, 'POST', '/api/orders/completeBayOrders')).toHaveLength(1);
    } finally {
      online = true;
      onlineManager.setOnline(true);
    }
    // Back online: nothing is replayed behind the clerk's back; the tick is still there to retry.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls(fetchMock, 'POST', '/api/orders/completeBayOrders')).toHaveLength(1);
    expect((completeBox(1) as HTMLInputElement).checked).toBe(true);
  });

  it('a request that hangs gives up after the time limit as a network failure', async () => {
    const { fetchMock } = await openGrid();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/orders/completeBayOrders') return answer(input, init);
      // Never answers: only the signal ends it, as a real fetch does.
      return new Promise<Response>((_, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
      );
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await userEvent.click(completeBox(1));
      await userEvent.click(screen.getByRole('button', { name: 'Complete Orders' }));
      await waitFor(() =>
        expect((screen.getByRole('button', { name: 'Complete Orders' }) as HTMLButtonElement).disabled).toBe(true),
      );
      vi.advanceTimersByTime(LOADERS_REQUEST_TIMEOUT_MS - 100);
      expect(screen.queryByRole('alert')).toBeNull();
      vi.advanceTimersByTime(200);
      expect((await screen.findByRole('alert')).textContent).toBe('Failed to complete orders.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps what a bay showed, marked, when its refresh fails', async () => {
    let down = false;
    await openGrid({
      'GET /api/getGarageBayData/1': () => (down ? failed(503, 'The database is busy; please try again.') : ok(bay1)),
    });
    down = true;
    await userEvent.click(within(bayCard(1)).getByRole('button', { name: 'Refresh Bay' }));
    const one = within(bayCard(1));
    expect(await one.findByText(/Could not refresh this bay/)).toBeInTheDocument();
    expect(one.getByText('Sierra Door Service')).toBeInTheDocument();
    expect((completeBox(1) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('Loaders > Grid Manager', () => {
  const pickupList = [
    order(41, { customerName: 'Sierra Door Service', loading_bay: 1, current_load: true }),
    order(43, { customerName: null, jobName: 'Folsom shop', loading_bay: 1 }),
    order(44, { loading_bay: 2, current_load: true }),
  ];

  async function openManager(handlers: Handlers = {}) {
    const fetchMock = stubLoaders({ 'GET /api/orders/list/pickup_ready': ok(pickupList), ...handlers });
    const view = renderApp('/loaders?tab=grid-manager');
    const table = await screen.findByRole('table', { name: 'Pickup-ready orders' });
    await within(table).findByText('Sierra Door Service');
    return { fetchMock, table, ...view };
  }

  const inBay = (id: number) => screen.getByRole('checkbox', { name: `In Bay: order ${id}` }) as HTMLInputElement;
  const bayOf = (id: number) =>
    screen.getByRole('combobox', { name: `Bay Assignment: order ${id}` }) as HTMLSelectElement;

  it('lists pickup-ready orders with their bays, Unknown for a missing name', async () => {
    const { table } = await openManager();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Customer Name', 'Job Name', 'Stock', 'In Bay', 'Bay Assignment']);
    expect(within(table).getByText('Unknown')).toBeInTheDocument();
    expect(inBay(41).checked).toBe(true);
    expect(bayOf(43).value).toBe('1');
    // Issue 36: "No bay" and Bays 1 to 8 (no "Bay 0"); a bay holding another order's load says so.
    expect(Array.from(bayOf(43).options).map((o) => o.textContent)).toEqual([
      'No bay',
      'Bay 1 (order 41 loaded)',
      'Bay 2 (order 44 loaded)',
      'Bay 3',
      'Bay 4',
      'Bay 5',
      'Bay 6',
      'Bay 7',
      'Bay 8',
    ]);
    expect(bayOf(41).options[0]!.value).toBe('');
    expect(bayOf(41).options[1]!.textContent).toBe('Bay 1');
    // Each save button says what it does, in text it is described by.
    const place = screen.getByRole('button', { name: 'Place in Bay' });
    expect(place).toHaveAccessibleDescription(/current load/);
    expect(document.getElementById(place.getAttribute('aria-describedby')!)!.textContent).toMatch(/current load/);
    const choose = screen.getByRole('button', { name: 'Choose Garage Bay' });
    expect(document.getElementById(choose.getAttribute('aria-describedby')!)!.textContent).toMatch(/bay only/);
  });

  it("shows each order's stock in words before it goes to a bay: Ready, 7 short, nothing when not told", async () => {
    stubLoaders({
      'GET /api/orders/list/pickup_ready': ok([
        order(41, { customerName: 'Sierra Door Service', stock: { ready: true, short: 0 } }),
        order(43, { customerName: 'Folsom Garage', stock: { ready: false, short: 7 } }),
        order(44, { customerName: 'No Stock Said' }),
      ]),
    });
    renderApp('/loaders?tab=grid-manager');
    const table = await screen.findByRole('table', { name: 'Pickup-ready orders' });
    const stockCell = (name: string) => {
      const row = within(table).getByText(name).closest('tr')!;
      const column = GRID_MANAGER_COLUMNS.indexOf('Stock');
      return within(row).getAllByRole('cell')[column]!;
    };
    await within(table).findByText('Sierra Door Service');
    expect(stockCell('Sierra Door Service').textContent).toBe('Stock: Ready');
    expect(stockCell('Folsom Garage').textContent).toBe('Stock: 7 short');
    expect(stockCell('No Stock Said').textContent).toBe('');
    // Not colour alone: the words carry it; the tone is the badge's colour.
    expect(within(stockCell('Sierra Door Service')).getByText('Ready').getAttribute('data-tone')).toBe('ok');
    expect(within(stockCell('Folsom Garage')).getByText('7 short').getAttribute('data-tone')).toBe('short');
  });

  it('ticking In Bay clears the other order of that bay only; unticking clears only that order', async () => {
    const { fetchMock } = await openManager();
    const user = userEvent.setup();

    await user.click(inBay(43));
    expect(inBay(43).checked).toBe(true);
    expect(inBay(41).checked).toBe(false);
    expect(inBay(44).checked).toBe(true); // bay 2 is untouched
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(inBay(41).closest('tr')!.className).toContain('gm-row-changed');
    expect(inBay(44).closest('tr')!.className).not.toContain('gm-row-changed');

    await user.click(inBay(43));
    expect(inBay(43).checked).toBe(false);
    expect(inBay(41).checked).toBe(false);
    expect(inBay(44).checked).toBe(true);

    const writes = fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
    expect(writes).toHaveLength(0);
  });

  it('sends every row only when Place in Bay is pressed, then reloads the list', async () => {
    let saved = false;
    const { fetchMock } = await openManager({
      'GET /api/orders/list/pickup_ready': () =>
        ok(saved ? [pickupList[0]!, { ...pickupList[1]!, loading_bay: 3 }, pickupList[2]!] : pickupList),
      'PUT /api/orders/updateChosenJob': () => {
        saved = true;
        return ok(pickupList, 'Update completed successfully!');
      },
    });
    const user = userEvent.setup();

    await user.selectOptions(bayOf(43), 'Bay 3');
    expect(bayOf(43).value).toBe('3');
    expect(calls(fetchMock, 'PUT', '/api/orders/updateChosenJob')).toHaveLength(0);
    expect(calls(fetchMock, 'PUT', '/api/orders/chooseGarageBayOrder')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Place in Bay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Update completed successfully!');

    const body = bodyOf(fetchMock, 'PUT', '/api/orders/updateChosenJob') as PickupOrder[];
    expect(body.map((r) => [r.id, r.loading_bay, r.current_load])).toEqual([
      [41, 1, true],
      [43, 3, false],
      [44, 2, true],
    ]);
    expect(calls(fetchMock, 'GET', '/api/orders/list/pickup_ready')).toHaveLength(2);
    expect(bayOf(43).value).toBe('3');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('Choose Garage Bay sends the same rows to its own address', async () => {
    const { fetchMock } = await openManager({ 'PUT /api/orders/chooseGarageBayOrder': ok(pickupList) });
    await userEvent.selectOptions(bayOf(44), 'Bay 5');
    await userEvent.click(screen.getByRole('button', { name: 'Choose Garage Bay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Update completed successfully!');
    const body = bodyOf(fetchMock, 'PUT', '/api/orders/chooseGarageBayOrder') as PickupOrder[];
    expect(body.find((r) => r.id === 44)!.loading_bay).toBe(5);
    expect(body).toHaveLength(3);
  });

  it("shows the server's message when it refuses, keeping the edits", async () => {
    await openManager({
      'PUT /api/orders/updateChosenJob': failed(
        409,
        'Bay 1 can hold one current load: orders 41 and 43 are both In Bay.',
      ),
    });
    await userEvent.selectOptions(bayOf(44), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Place in Bay' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bay 1 can hold one current load: orders 41 and 43 are both In Bay.');
    expect(bayOf(44).value).toBe('1');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('warns when the chosen bay holds another load, and asks (naming it) before Place in Bay replaces it (issue 36, defect 12)', async () => {
    const asked = {
      status: 409,
      body: {
        status: 'FAILED',
        message:
          'Bay 2 already has a current load: order 44 (Customer 44, Job 44). Place order 43 there instead of it?',
        data: {
          taken: [{ orderId: 43, bay: 2, holder: { orderId: 44, customerName: 'Customer 44', jobName: 'Job 44' } }],
          waiting: [],
        },
      },
    };
    const { fetchMock } = await openManager({
      'PUT /api/orders/updateChosenJob': ({ body }) =>
        JSON.parse(body!).some((r: { replaces?: number }) => r.replaces === 44)
          ? ok(pickupList, 'Update completed successfully!')
          : asked,
    });
    const user = userEvent.setup();
    await user.selectOptions(bayOf(43), '2');
    expect(
      screen.getByText('Bay 2 holds order 44 (Customer 44): Place in Bay asks before replacing it.'),
    ).toBeInTheDocument();
    await user.click(inBay(43));
    await user.click(screen.getByRole('button', { name: 'Place in Bay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place in Bay?' });
    expect(dialog.textContent).toContain(
      'Bay 2 already holds order 44 (Customer 44, Job 44). Place order 43 there instead?',
    );
    // Cancel: nothing more is sent, the edits stay.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PUT', '/api/orders/updateChosenJob')).toHaveLength(1);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // Asked again and confirmed: sent again saying it replaces order 44.
    await user.click(screen.getByRole('button', { name: 'Place in Bay' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Place anyway' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Update completed successfully!');
    const body = bodyOf(fetchMock, 'PUT', '/api/orders/updateChosenJob') as Array<PickupOrder & { replaces?: number }>;
    expect(body.find((r) => r.id === 43)).toMatchObject({ loading_bay: 2, current_load: true, replaces: 44 });
  });

  it('asks before placing an order waiting on a vendor order; the customer is e-mailed only if the clerk ticks it (issue 36, defect 11)', async () => {
    const waitingOn = [{ vendorOrderId: 7, name: 'Panels', expected: '2026-12-04', overdue: false }];
    const { fetchMock } = await openManager({
      'PUT /api/orders/updateChosenJob': ({ body }) =>
        JSON.parse(body!).some((r: { waitingConfirmed?: boolean }) => r.waitingConfirmed)
          ? ok(pickupList, 'Update completed successfully!')
          : {
              status: 409,
              body: {
                status: 'FAILED',
                message: 'Order 43: waiting on vendor order 7, due Dec 4 - place it in bay 3 anyway?',
                data: {
                  taken: [],
                  waiting: [{ orderId: 43, bay: 3, customerName: null, jobName: 'Folsom shop', waitingOn }],
                },
              },
            },
    });
    const user = userEvent.setup();
    await user.selectOptions(bayOf(43), '3');
    await user.click(inBay(43));
    await user.click(screen.getByRole('button', { name: 'Place in Bay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place in Bay?' });
    expect(dialog.textContent).toContain('Waiting on vendor order 7, due Dec 4 - place it anyway?');
    const tell = within(dialog).getByRole('checkbox', { name: /E-mail the customer that order 43 is ready/ });
    expect((tell as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Place anyway' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Update completed successfully!');
    const body = bodyOf(fetchMock, 'PUT', '/api/orders/updateChosenJob') as Array<Record<string, unknown>>;
    expect(body.find((r) => r.id === 43)).toMatchObject({ waitingConfirmed: true, tellCustomer: false });
  });

  it("says 'No orders are ready for pickup' when the list is empty", async () => {
    stubLoaders({});
    renderApp('/loaders?tab=grid-manager');
    expect(await screen.findByText('No orders are ready for pickup')).toBeInTheDocument();
  });
  it('asks "Discard changes?" before leaving for the Loading Grid with unsaved bay changes', async () => {
    const { router } = await openManager();
    const user = userEvent.setup();
    // Nothing changed: no question.
    await user.click(screen.getByRole('tab', { name: 'Loading Grid' }));
    expect(await screen.findByRole('region', { name: 'Loading Bay 1' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Grid Manager' }));
    await within(await screen.findByRole('table', { name: 'Pickup-ready orders' })).findByText('Sierra Door Service');

    await user.selectOptions(bayOf(43), 'Bay 3');
    await user.click(screen.getByRole('tab', { name: 'Loading Grid' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bayOf(43).value).toBe('3');
    expect(router.location.search).toBe('?tab=grid-manager');

    await user.click(screen.getByRole('tab', { name: 'Loading Grid' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('region', { name: 'Loading Bay 1' })).toBeInTheDocument();
    expect(router.location.search).toBe('?tab=loading-grid');
    // Back on Grid Manager, the list is as saved.
    await user.click(screen.getByRole('tab', { name: 'Grid Manager' }));
    await within(await screen.findByRole('table', { name: 'Pickup-ready orders' })).findByText('Sierra Door Service');
    expect(bayOf(43).value).toBe('1');
  });

  it('asks before navigating to another page with unsaved changes, and warns on page unload', async () => {
    const { router } = await openManager();
    const user = userEvent.setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(inBay(43));
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/sales"]')!);
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(router.location.pathname).toBe('/loaders');
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.location.pathname).toBe('/sales'));
    await waitFor(() => expect(unload()).toBe(false), { timeout: 5000 });
  });
});
