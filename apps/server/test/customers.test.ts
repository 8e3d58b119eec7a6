import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, json, oneMadeRestRefused, userApi, type TestApp } from './support.js';

const acme = {
  customerNo: 'C-2001',
  name: 'Acme Overhead Doors',
  contactName: 'Pat Rivera',
  email: 'pat@acme-doors.example.com',
  phone: '(916) 555-0101',
  streetAddress: { street: '12 Main St', city: 'Sacramento', state: 'CA', zipCode: '95814' },
  shipTo: { street: '40 Yard Rd', city: 'Sacramento', state: 'CA', zipCode: '95815' },
  taxCode: 'RESALE',
  termsCode: 'Net 30',
  useTax: true,
  openerMultiplier: 0.95,
  residentialMultiplier: 0.85,
  sectionalMultiplier: 0.9,
  commercialMultiplier: 1,
};

describe.each(engines())('customers API (%s)', (engine) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  const { send: call } = userApi(() => ({ t, cookie: staff }));
  const count = () => t.rowCount('customers');

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await t.staff('sales1');
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('creates, reads and lists a customer (staff may)', async () => {
    const res = await call('POST', '/api/customers/create', acme);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Customer created');
    expect(body.data).toMatchObject({ ...acme, id: expect.any(Number), openOrders: 0, version: 1, fax: null });
    const got = json(await call('GET', `/api/customers/${body.data.id}`)).data;
    expect(got).toEqual(body.data);
    const list = json(await call('GET', '/api/customers/')).data;
    expect(list.map((c: { name: string }) => c.name)).toContain('Acme Overhead Doors');
  });

  it('refuses bad bodies with a message naming the field and writes nothing', async () => {
    const before = await count();
    for (const [payload, field] of [
      [{ ...acme, name: '' }, 'name'],
      [{ ...acme, name: undefined }, 'name'],
      [{ ...acme, email: 'not-an-email' }, 'email'],
      [{ ...acme, sectionalMultiplier: -1 }, 'sectionalMultiplier'],
      [{ ...acme, sectionalMultiplier: 0.12345 }, 'sectionalMultiplier'],
      [{ ...acme, openerMultiplier: '0.9' }, 'openerMultiplier'],
      [{ ...acme, useTax: 'yes' }, 'useTax'],
      [{ ...acme, name: 'x'.repeat(201) }, 'name'],
      [{ ...acme, streetAddress: 'Main St' }, 'streetAddress'],
    ] as const) {
      const res = await call('POST', '/api/customers/create', payload);
      expect(res.statusCode, field).toBe(400);
      // The field in words: 'Sectional multiplier must ...' (issue 11: no schema paths).
      expect(json(res).message).toMatch(new RegExp(field.replace(/([a-z])([A-Z])/g, '$1 ?$2'), 'i'));
    }
    expect(await count()).toBe(before);
  });

  it('updates with optimistic concurrency: a stale version gets 409 and changes nothing', async () => {
    const created = json(
      await call('POST', '/api/customers/create', { ...acme, customerNo: 'C-2002', name: 'Bayside Garage Doors' }),
    ).data;
    // Clerk A and clerk B both opened version 1.
    const a = await call('PUT', `/api/customers/update/${created.id}`, { ...created, contactName: 'Alex (A)' });
    expect(a.statusCode).toBe(200);
    expect(json(a).data).toMatchObject({ contactName: 'Alex (A)', version: 2 });
    const b = await call('PUT', `/api/customers/update/${created.id}`, { ...created, contactName: 'Blake (B)' });
    expect(b.statusCode).toBe(409);
    expect(json(b).message).toMatch(/changed by someone else/);
    expect(json(await call('GET', `/api/customers/${created.id}`)).data.contactName).toBe('Alex (A)');
    // Without a version the update still works; read-only fields are ignored.
    const { version: _v, ...noVersion } = created;
    const c = await call('PUT', `/api/customers/update/${created.id}`, {
      ...noVersion,
      openOrders: 99,
      id: 12345,
      name: 'Bayside Doors',
    });
    expect(json(c).data).toMatchObject({ id: created.id, name: 'Bayside Doors', openOrders: 0, version: 3 });
    expect((await call('PUT', '/api/customers/update/999999', acme)).statusCode).toBe(404);
  });

  it('pages, sorts and filters in the database, accents and case ignored', async () => {
    for (let i = 0; i < 25; i++) {
      await call('POST', '/api/customers/create', {
        name: `Paging Door Co ${String(i).padStart(2, '0')}`,
        customerNo: `P-${100 + i}`,
      });
    }
    await call('POST', '/api/customers/create', {
      name: 'Jérôme Côté Overhead Doors',
      customerNo: 'C-3003',
      contactName: 'Jérôme',
    });
    const page = json(await call('GET', '/api/customers/?page=2&size=10&sort=-name&name=paging')).data;
    expect(page).toMatchObject({ filtered: 25, page: 2, size: 10 });
    expect(page.total).toBe(await count());
    expect(page.items.map((c: { name: string }) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Paging Door Co ${String(14 - i).padStart(2, '0')}`),
    );
    const accent = json(await call('GET', '/api/customers/?name=COTE')).data;
    expect(accent.items.map((c: { name: string }) => c.name)).toEqual(['Jérôme Côté Overhead Doors']);
    const search = json(await call('GET', '/api/customers/?q=  jerome ')).data;
    expect(search.map((c: { name: string }) => c.name)).toEqual(['Jérôme Côté Overhead Doors']);
    const wildcard = json(await call('GET', '/api/customers/?name=%25')).data;
    expect(wildcard.filtered).toBe(0);
    const last = json(await call('GET', '/api/customers/?page=999&size=30')).data;
    expect(last.page).toBe(Math.ceil(last.total / 30));
    for (const bad of ['size=25', 'page=0', 'sort=password', 'nosuchfield=1', 'page=abc']) {
      const res = await call('GET', `/api/customers/?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('counts open orders and refuses deleting a customer with orders or quotes', async () => {
    const c = json(await call('POST', '/api/customers/create', { name: 'Delta Door Service' })).data;
    const db = t.db.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('orders')
      .values([
        { customer_id: c.id, order_status_id: 1, order_date: '2026-11-01', created_at: now, updated_at: now },
        { customer_id: c.id, order_status_id: 5, order_date: '2026-11-01', created_at: now, updated_at: now },
      ])
      .execute();
    await db
      .insertInto('quotes')
      .values({ customer_id: c.id, quote_date: '2026-11-01', created_at: now, updated_at: now })
      .execute();
    expect(json(await call('GET', `/api/customers/${c.id}`)).data.openOrders).toBe(1);
    // Deleting is for administrators (issue 36, defect 15).
    const del = await t.send(admin, 'DELETE', `/api/customers/delete/${c.id}`);
    expect(del.statusCode).toBe(409);
    expect(json(del).message).toBe(
      `Customer Delta Door Service (id ${c.id}) has 2 orders and 1 quote, so it cannot be deleted.`,
    );
    const free = json(await call('POST', '/api/customers/create', { name: 'Echo Doors' })).data;
    expect((await t.send(admin, 'DELETE', `/api/customers/delete/${free.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/customers/${free.id}`)).statusCode).toBe(404);
    expect((await t.send(admin, 'DELETE', `/api/customers/delete/${free.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/customers/abc')).statusCode).toBe(400);
  });

  it('deleting a customer is for administrators: staff get 403 in words and the customer stays (issue 36)', async () => {
    const c = json(await call('POST', '/api/customers/create', { name: 'Foxtrot Door Co' })).data;
    const res = await call('DELETE', `/api/customers/delete/${c.id}`);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toMatch(/administrator/i);
    expect((await call('GET', `/api/customers/${c.id}`)).statusCode).toBe(200);
    expect((await t.send(admin, 'DELETE', `/api/customers/delete/${c.id}`)).statusCode).toBe(200);
  });

  it('refuses a customer number another customer has, case and spaces ignored, naming that customer (issue 36)', async () => {
    const first = json(
      await call('POST', '/api/customers/create', { ...acme, customerNo: 'C-1001', name: 'Acme Doors' }),
    ).data;
    const before = await count();
    for (const customerNo of ['C-1001', 'c-1001', '  C-1001 ', 'c-1001\t']) {
      const res = await call('POST', '/api/customers/create', { ...acme, customerNo, name: 'Second Acme' });
      expect(res.statusCode, customerNo).toBe(409);
      expect(json(res).message).toBe(
        `Customer No ${customerNo.trim()} is already used by Acme Doors (customer ${first.id}).`,
      );
    }
    expect(await count()).toBe(before);
    // Stored trimmed; an update to another's number is refused, to its own number in another case is fine.
    const other = json(
      await call('POST', '/api/customers/create', { name: 'Bravo Doors', customerNo: ' C-1002 ' }),
    ).data;
    expect(other.customerNo).toBe('C-1002');
    const clash = await call('PUT', `/api/customers/update/${other.id}`, { ...other, customerNo: 'c-1001' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toBe(`Customer No c-1001 is already used by Acme Doors (customer ${first.id}).`);
    const self = await call('PUT', `/api/customers/update/${other.id}`, { ...other, customerNo: 'c-1002' });
    expect(self.statusCode).toBe(200);
    expect(json(self).data.customerNo).toBe('c-1002');
    // Customers without a number are many.
    for (const name of ['No Number 1', 'No Number 2'])
      expect((await call('POST', '/api/customers/create', { name, customerNo: '' })).statusCode).toBe(201);
  });

  it('50 clerks creating the same customer number at once: exactly one customer, 49 clear 409s (issue 36)', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/api/customers/create', { name: `Racer ${i}`, customerNo: i % 2 ? 'R-5000' : 'r-5000 ' }),
      ),
    );
    const { made: winner, refusals } = oneMadeRestRefused(answers);
    for (const message of refusals)
      expect(message).toMatch(
        new RegExp(`^Customer No (R-5000|r-5000) is already used by ${winner.name} \\(customer ${winner.id}\\)\\.$`),
      );
    expect(await count()).toBe(before + 1);
  });
});
