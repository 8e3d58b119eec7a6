/**
 * The business at a glance (docs/architecture.md section 16): GET /api/dashboard's figures
 * against sums the test computes itself from a seeded set of orders and quotes (their totals as
 * each document's GET answers them, their lines as their carts do), by day, week and month; who
 * may open it; and its refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPeriods, periodOf } from '@desk/domain';
import { createTestApp, engines, STAFF_PASSWORD, userApi, type TestApp } from './support.js';

/** A small deterministic generator, so the seeded set is the same on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

interface Seeded {
  id: number;
  date: string;
  customerId: number;
  cancelled: boolean;
  totals: { subTotalCents: number; taxCents: number; totalCents: number };
  lines: { productId: number; linePriceCents: number }[];
}

describe.each(engines())('dashboard (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = userApi(() => ({ t, cookie: admin })).data;
  const orders: Seeded[] = [];
  const customers: { id: number; name: string }[] = [];
  const products: { id: number; name: string }[] = [];
  const statuses: Record<string, number> = {};
  let quoteFacts: { number: number; sentOn: string | null; won: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { TAX_RATE: '0.0825' });
    admin = await t.login();
    staff = await t.staff('counter');
    const types = await t.productTypes();
    for (const s of await call('GET', '/api/dropdown/order-status')) statuses[s.type] = s.id;
    for (let i = 0; i < 4; i++) {
      const c = await call('POST', '/api/customers/create', {
        name: `Dash Customer ${i}`,
        customerNo: `D-${i}`,
        useTax: i % 2 === 0,
        residentialMultiplier: 1 + i / 10,
      });
      customers.push({ id: c.id, name: c.name });
    }
    const made = [
      ['PKG-9X7', '9x7 steel door', 612.34, 'Residential', types.Package],
      ['PKG-16X7', '16x7 insulated door', 1234.56, 'Residential', types['Door Package']],
      ['OPN-1', 'Belt drive opener', 289.99, 'Opener', types.Opener],
      ['HNG-1', '#1 hinge', 2.15, null, types.Hardware],
    ] as const;
    for (const [itemNo, description, price, category, type] of made) {
      const p = await call('POST', '/api/products/create', {
        itemNo,
        itemDescription: description,
        wholesalePrice: price,
        multiplierCategory: category,
        productType: type,
      });
      products.push({ id: p.id, name: `${itemNo} ${description}` });
    }
    const rnd = random(20261126);
    // 36 orders over October and November 2026, some cancelled, some with an override.
    for (let i = 0; i < 36; i++) {
      const customer = customers[Math.floor(rnd() * customers.length)]!;
      const date = `2026-${rnd() < 0.5 ? '10' : '11'}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
      const o = await call('POST', '/api/orders/create', {
        customer: customer.id,
        jobName: `Dash ${i}`,
        orderDate: date,
      });
      const lineCount = 1 + Math.floor(rnd() * 3);
      for (let j = 0; j < lineCount; j++) {
        const product = products[Math.floor(rnd() * products.length)]!;
        const line = await call('POST', `/api/order-parts/create/${o.id}`, {
          product: product.id,
          quantity: 1 + Math.floor(rnd() * 4),
        });
        if (rnd() < 0.15)
          await call('PUT', `/api/order-parts/update/${line.id}/price-override`, { priceOverride: 99.99 });
      }
      const cancelled = rnd() < 0.15;
      if (cancelled) {
        const h = await call('GET', `/api/orders/${o.id}`);
        await call('PUT', `/api/orders/update/${o.id}`, {
          ...h,
          customer: customer.id,
          orderStatus: statuses.Cancelled,
        });
      }
      const header = await call('GET', `/api/orders/${o.id}`);
      const cart: any[] = await call('GET', `/api/order-parts/${o.id}`);
      orders.push({
        id: o.id,
        date,
        customerId: customer.id,
        cancelled,
        totals: header.totalsCents,
        lines: cart.map((l) => ({ productId: l.product.id, linePriceCents: l.price.linePriceCents })),
      });
    }
  });
  afterAll(async () => t?.close());

  const get = (query: string, cookie = admin) => t.send(cookie, 'GET', `/api/dashboard?${query}`);

  it.each(['day', 'week', 'month'] as const)('sales by %s equal the sums of the seeded orders', async (bucket) => {
    const from = '2026-10-05';
    const to = '2026-11-20';
    const r = await get(`from=${from}&to=${to}&bucket=${bucket}`);
    expect(r.statusCode).toBe(200);
    const data = JSON.parse(r.body).data;
    const expected = new Map(
      dashboardPeriods(from, to, bucket).map((p) => [
        p,
        { period: p, orders: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 },
      ]),
    );
    for (const o of orders) {
      if (o.cancelled || o.date < from || o.date > to) continue;
      const e = expected.get(periodOf(o.date, bucket))!;
      e.orders++;
      e.subtotalCents += o.totals.subTotalCents;
      e.taxCents += o.totals.taxCents;
      e.totalCents += o.totals.totalCents;
    }
    expect(data.sales).toEqual([...expected.values()]);
    expect(data.sales.reduce((n: number, s: any) => n + s.orders, 0)).toBeGreaterThan(10);
    if (bucket === 'week') expect(data.sales[0].period).toBe('2026-10-05'); // a Monday
    if (bucket === 'month') expect(data.sales.map((s: any) => s.period)).toEqual(['2026-10', '2026-11']);
  });

  it('the top customers and products equal the seeded sums, cancelled orders left out', async () => {
    const from = '2026-10-01';
    const to = '2026-11-30';
    const data = JSON.parse((await get(`from=${from}&to=${to}&bucket=month`)).body).data;
    const byCustomer = new Map<number, number>();
    const byProduct = new Map<number, number>();
    for (const o of orders) {
      if (o.cancelled) continue;
      byCustomer.set(o.customerId, (byCustomer.get(o.customerId) ?? 0) + o.totals.totalCents);
      for (const l of o.lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.linePriceCents);
    }
    const top = (m: Map<number, number>, names: { id: number; name: string }[]) =>
      [...m.entries()]
        .filter(([, v]) => v > 0)
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, 10)
        .map(([id, totalCents]) => ({ id, name: names.find((n) => n.id === id)!.name, totalCents }));
    expect(data.topCustomers).toEqual(top(byCustomer, customers));
    expect(data.topProducts).toEqual(top(byProduct, products));
    expect(data.topProducts.length).toBeGreaterThan(1);
  });

  it('open orders by status are the counts of the open statuses now', async () => {
    const data = JSON.parse((await get('from=2026-10-01&to=2026-11-30')).body).data;
    const open = orders.filter((o) => !o.cancelled).length;
    expect(data.openByStatus.map((s: any) => s.status)).toEqual([
      'Open',
      'In Progress',
      'Awaiting Parts',
      'Ready for Pickup',
    ]);
    expect(data.openByStatus.find((s: any) => s.status === 'Open').count).toBe(open);
  });

  it('quotes sent and won: a number counts once, in the period of its first sending', async () => {
    const customer = customers[0]!.id;
    const make = async (job: string) => call('POST', '/api/quotes/create', { customer, jobName: job });
    const setStatus = async (id: number, quoteStatus: string) => {
      const h = await call('GET', `/api/quotes/${id}`);
      await call('PUT', `/api/quotes/update/${id}`, { ...h, customer, quoteStatus });
    };
    const day = async (iso: string) => {
      t.clock.set(Date.parse(`${iso}T15:00:00Z`));
      admin = await t.login(); // a session idles out across the days the clock jumps
    };
    await day('2026-10-20');
    const a = await make('Sent in October, won in November');
    await setStatus(a.id, 'Sent');
    const b = await make('Sent in October, revised and sent again in November');
    await setStatus(b.id, 'Sent');
    const c = await make('Never sent');
    await day('2026-11-10');
    await call('POST', `/api/orders/create-from-quote/${a.id}`, {});
    const bRev = await call('POST', `/api/quotes/${b.id}/revise`);
    await setStatus(bRev.id, 'Sent');
    const d = await make('Sent and declined in November');
    await setStatus(d.id, 'Declined');
    const e = await make('Exported straight from Draft in November');
    await call('POST', `/api/orders/create-from-quote/${e.id}`, {});
    quoteFacts = [
      { number: a.id, sentOn: '2026-10-20', won: true },
      { number: b.id, sentOn: '2026-10-20', won: false },
      { number: c.id, sentOn: null, won: false },
      { number: d.id, sentOn: '2026-11-10', won: false },
      { number: e.id, sentOn: '2026-11-10', won: true },
    ];
    const expectFor = (from: string, to: string) => {
      const sent = quoteFacts.filter((q) => q.sentOn && q.sentOn >= from && q.sentOn <= to);
      const won = sent.filter((q) => q.won).length;
      return { sent: sent.length, won, conversion: sent.length ? won / sent.length : 0 };
    };
    for (const [from, to] of [
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-10-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
    ] as const) {
      const data = JSON.parse((await get(`from=${from}&to=${to}&bucket=month`)).body).data;
      expect(data.quotes, `${from}..${to}`).toEqual(expectFor(from, to));
    }
    expect(expectFor('2026-10-01', '2026-11-30')).toEqual({ sent: 4, won: 2, conversion: 0.5 });
  });

  it('the bays: each current load, its customer and how long it has waited', async () => {
    const o1 = orders.find((o) => !o.cancelled)!;
    const o2 = orders.find((o) => !o.cancelled && o.id !== o1.id)!;
    for (const o of [o1, o2]) {
      const h = await call('GET', `/api/orders/${o.id}`);
      await call('PUT', `/api/orders/update/${o.id}`, { ...h, customer: o.customerId, orderPickup: true });
    }
    t.clock.set(Date.parse('2026-11-24T08:00:00Z'));
    admin = await t.login();
    await call('PUT', '/api/orders/updateChosenJob', [{ id: o1.id, current_load: true, loading_bay: 3 }]);
    t.clock.advance(25 * 60_000);
    await call('PUT', '/api/orders/updateChosenJob', [{ id: o2.id, current_load: true, loading_bay: 7 }]);
    t.clock.advance(10 * 60_000 + 30_000);
    // Saving o1 again as its bay's current load does not restart its wait.
    await call('PUT', '/api/orders/updateChosenJob', [{ id: o1.id, current_load: true, loading_bay: 3 }]);
    const data = JSON.parse((await get('from=2026-11-01&to=2026-11-30')).body).data;
    const name = (id: number) => customers.find((c) => c.id === id)!.name;
    expect(data.bays).toEqual([
      { bay: 3, orderId: o1.id, customerName: name(o1.customerId), waitingMinutes: 35 },
      { bay: 7, orderId: o2.id, customerName: name(o2.customerId), waitingMinutes: 10 },
    ]);
  });

  it('staff see it only when an administrator allows it; bad dates are clear 400s', async () => {
    admin = await t.login();
    staff = await t.login('counter', STAFF_PASSWORD);
    expect(JSON.parse((await t.send(staff, 'GET', '/api/dashboard/access')).body).data).toEqual({
      allowed: false,
      forStaff: false,
    });
    const refused = await get('from=2026-11-01&to=2026-11-30', staff);
    expect(refused.statusCode).toBe(403);
    // Issue 36, defect 7: the switch is on the dashboard itself, not in the company settings.
    expect(JSON.parse(refused.body).message).toBe(
      'The dashboard is for administrators; an administrator can open it to staff with the "Staff can open the dashboard" switch at the top of the dashboard.',
    );
    expect((await t.send(staff, 'PUT', '/api/dashboard/access', { forStaff: true })).statusCode).toBe(403);
    expect(await call('PUT', '/api/dashboard/access', { forStaff: true })).toEqual({ allowed: true, forStaff: true });
    expect((await get('from=2026-11-01&to=2026-11-30', staff)).statusCode).toBe(200);
    await call('PUT', '/api/dashboard/access', { forStaff: false });
    expect((await get('from=2026-11-01&to=2026-11-30', staff)).statusCode).toBe(403);
    // Access is checked before the query (issue 37): a bad range from staff it is not open to is a 403, not a 400.
    for (const query of ['to=2026-11-30', 'from=2026-13-01&to=2026-11-30', 'bucket=year'])
      expect((await get(query, staff)).statusCode, query).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard?from=2026-11-01&to=2026-11-30' })).statusCode,
    ).toBe(401);

    for (const [query, message] of [
      ['to=2026-11-30', /from/i],
      ['from=2026-13-01&to=2026-11-30', /real date/],
      ['from=2026-11-30&to=2026-11-01', /not be before/],
      ['from=2026-11-01&to=2026-11-30&bucket=year', /day, week or month/],
      ['from=2020-01-01&to=2026-11-30&bucket=day', /periods/],
      ['from=9999-12-31&to=9999-12-31&bucket=day', /from 1900-01-01 to 9998-12-31/],
      ['from=0026-11-01&to=0026-11-30&bucket=day', /from 1900-01-01 to 9998-12-31/],
    ] as const) {
      const r = await get(query);
      expect(r.statusCode, query).toBe(400);
      const body = JSON.parse(r.body);
      expect(body.message, query).toMatch(message);
      expect(body.message, query).not.toMatch(/\[|"path"|invalid_type/);
    }
  });
});
