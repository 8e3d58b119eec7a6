/**
 * An Idempotency-Key belongs to the user who sent it and to the request it came with (issue 37,
 * finding 5; docs/architecture.md section 3): on every route that takes one, the same key with
 * another request answers 422 in words and does nothing, and another user's request with the same
 * key is carried out as that user's own, never answering the first user's result. Both databases.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { csv, form } from './import-files.js';
import { engines, json, STAFF_PASSWORD, suiteApp, type Method } from './support.js';

const REUSED = /already used for a different request/;

describe.each(engines())('Idempotency-Key per user and request (%s)', (engine) => {
  const suite = suiteApp(engine);
  let clerk8: string;
  let clerk9: string;
  let admin2: string;
  let customerA: number;
  let customerB: number;
  let packageId: number;

  const send = (cookie: string, method: Method, url: string, payload: unknown, key: string) =>
    suite.t.send(cookie, method, url, payload, { 'idempotency-key': key });
  const count = async (table: 'orders' | 'quotes') =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(suite.t.db.database.db)).rows[0]!
        .n,
    );

  beforeAll(async () => {
    clerk8 = await suite.t.staff('clerk8');
    clerk9 = await suite.t.staff('clerk9');
    // A second administrator, for the administrators' routes.
    await suite.t.staff('admin2');
    const db = suite.t.db.database.db;
    const { id } = await db.selectFrom('users').select('id').where('username', '=', 'admin2').executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role: 'ROLE_ADMIN' }).execute();
    admin2 = await suite.t.login('admin2', STAFF_PASSWORD);
    customerA = (await suite.t.admin('POST', '/api/customers/create', { name: 'Idem Doors A' })).id;
    customerB = (await suite.t.admin('POST', '/api/customers/create', { name: 'Idem Doors B' })).id;
    packageId = (
      await suite.t.admin('POST', '/api/products/create', {
        itemNo: 'IDEM-PKG',
        wholesalePrice: 500,
        productType: (await suite.t.productTypes())['Door Package'],
      })
    ).id;
  });

  for (const kind of ['orders', 'quotes'] as const) {
    it(`${kind}: the same key with another body is refused with 422; another user's same key makes that user's own`, async () => {
      const key = `create-${kind}-1`;
      const first = await send(clerk9, 'POST', `/api/${kind}/create`, { customer: customerA, jobName: 'Nine' }, key);
      expect(first.statusCode, first.body).toBe(201);
      const nine = json(first).data;
      const before = await count(kind);

      // clerk9 again, same key, another body: refused in words, nothing made.
      const other = await send(clerk9, 'POST', `/api/${kind}/create`, { customer: customerB, jobName: 'Other' }, key);
      expect(other.statusCode).toBe(422);
      expect(json(other).message).toMatch(REUSED);
      expect(await count(kind)).toBe(before);
      // The same request again answers the first result.
      const retry = await send(clerk9, 'POST', `/api/${kind}/create`, { customer: customerA, jobName: 'Nine' }, key);
      expect(retry.statusCode).toBe(201);
      expect(json(retry).data.id).toBe(nine.id);

      // clerk8 with clerk9's key: never clerk9's document; carried out as clerk8's own.
      const eight = await send(clerk8, 'POST', `/api/${kind}/create`, { customer: customerB, jobName: 'Eight' }, key);
      expect(eight.statusCode, eight.body).toBe(201);
      expect(json(eight).data.id).not.toBe(nine.id);
      expect(json(eight).data.jobName).toBe('Eight');
      expect(await count(kind)).toBe(before + 1);
      // Even with clerk9's very body, clerk8 gets a document of their own, once.
      const asClerk8 = () =>
        send(clerk8, 'POST', `/api/${kind}/create`, { customer: customerA, jobName: 'Nine' }, `${key}-b`);
      const same = await asClerk8();
      const sameAgain = await asClerk8();
      expect(json(same).data.id).toBe(json(sameAgain).data.id);
    });
  }

  it('50 requests at once, two users sharing one key with different bodies: one document each, each answered its own', async () => {
    const key = 'shared-key-50';
    const before = await count('orders');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? send(clerk8, 'POST', '/api/orders/create', { customer: customerB, jobName: 'Race Eight' }, key)
          : send(clerk9, 'POST', '/api/orders/create', { customer: customerA, jobName: 'Race Nine' }, key),
      ),
    );
    // Each is its user's result, or told to retry while the first is still in progress.
    const ids = { eight: new Set<number>(), nine: new Set<number>() };
    for (const [i, a] of answers.entries()) {
      expect([201, 409], a.body).toContain(a.statusCode);
      if (a.statusCode !== 201) continue;
      const d = json(a).data;
      expect(d.jobName).toBe(i % 2 ? 'Race Eight' : 'Race Nine');
      (i % 2 ? ids.eight : ids.nine).add(d.id);
    }
    expect(ids.eight.size).toBe(1);
    expect(ids.nine.size).toBe(1);
    expect(await count('orders')).toBe(before + 2);
  });

  it('export to order: the same key for another quote is refused; another user exports with it as their own', async () => {
    const quote = async (cookie: string, jobName: string) => {
      const q = await suite.t.as(cookie).data('POST', '/api/quotes/create', { customer: customerA, jobName });
      await suite.t.as(cookie).data('POST', `/api/quote-parts/create/${q.id}`, { product: packageId, quantity: 1 });
      return q.id as number;
    };
    const q1 = await quote(clerk9, 'Export one');
    const q2 = await quote(clerk9, 'Export two');
    const first = await send(clerk9, 'POST', `/api/orders/create-from-quote/${q1}`, undefined, 'export-key');
    expect(first.statusCode, first.body).toBe(201);
    const before = await count('orders');
    const other = await send(clerk9, 'POST', `/api/orders/create-from-quote/${q2}`, undefined, 'export-key');
    expect(other.statusCode).toBe(422);
    expect(json(other).message).toMatch(REUSED);
    expect(await count('orders')).toBe(before);
    const eight = await send(clerk8, 'POST', `/api/orders/create-from-quote/${q2}`, undefined, 'export-key');
    expect(eight.statusCode, eight.body).toBe(201);
    expect(json(eight).data.sourceQuoteId).toBe(q2);
    expect(json(eight).data.id).not.toBe(json(first).data.id);
  });

  it('bulk price change: the same key with another change is refused; another administrator with it makes their own', async () => {
    const A = suite.t.admin;
    const types = await suite.t.productTypes();
    const part = (
      await A('POST', '/api/products/create', { itemNo: 'IDEM-BP-1', wholesalePrice: 100, productType: types['Part'] })
    ).id as number;
    const price = async () => (await A('GET', `/api/products/${part}`)).wholesalePrice as number;
    const body = (percent: number) => ({ filter: { itemNoPrefix: 'IDEM-BP-' }, percent });
    const first = await send(suite.admin, 'POST', '/api/products/bulk-price', body(10), 'bulk-key');
    expect(first.statusCode, first.body).toBe(200);
    expect(await price()).toBe(110);
    const other = await send(suite.admin, 'POST', '/api/products/bulk-price', body(50), 'bulk-key');
    expect(other.statusCode).toBe(422);
    expect(json(other).message).toMatch(REUSED);
    expect(await price()).toBe(110);
    const second = await send(admin2, 'POST', '/api/products/bulk-price', body(50), 'bulk-key');
    expect(second.statusCode, second.body).toBe(200);
    expect(await price()).toBe(165);
  });

  it('import: the same key with another file is refused; another administrator with it starts their own job', async () => {
    const upload = async (cookie: string, itemNo: string) => {
      const body = await form(
        csv([
          ['Item No', 'Description'],
          [itemNo, 'Imported once'],
        ]),
      );
      return suite.t.app.inject({
        method: 'POST',
        url: '/api/import/products',
        payload: body.payload,
        headers: { ...body.headers, cookie, 'idempotency-key': 'import-key' },
      });
    };
    const done = async (jobId: number) => {
      for (;;) {
        const j = await suite.t.admin('GET', `/api/import/jobs/${jobId}`);
        if (j.state !== 'running') return j;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const first = await upload(suite.admin, 'IDEM-IMP-1');
    expect(first.statusCode, first.body).toBe(202);
    await done(json(first).data.jobId);
    const other = await upload(suite.admin, 'IDEM-IMP-2');
    expect(other.statusCode).toBe(422);
    expect(json(other).message).toMatch(REUSED);
    const second = await upload(admin2, 'IDEM-IMP-2');
    expect(second.statusCode, second.body).toBe(202);
    expect(json(second).data.jobId).not.toBe(json(first).data.jobId);
    expect(await done(json(second).data.jobId)).toMatchObject({ state: 'done', created: 1 });
  });
});
