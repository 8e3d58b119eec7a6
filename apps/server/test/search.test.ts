/**
 * GET /api/search (issue 20, "Find anything"): one text finds customers (name, number, contact,
 * phone by its digits, e-mail), orders and quotes (id, job name, PO number, customer), products
 * (item number, description) and vendor orders (name), case and accents ignored, at most `limit`
 * of each, newest documents first; a quote stands by its latest revision.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, json, suiteApp } from './support.js';
import * as repo from '../src/modules/search/search.repository.js';
import * as perKind from './search-fixtures.js';
import * as ftsStatistics from '../src/db/migrations/2026112830_find_fts_statistics.js';
import { bulkWriter } from '../src/db/bulk-writer.js';
import { sqliteHandle } from '../src/db/database.js';

describe.each(engines())('find anything (%s)', (engine) => {
  const suite = suiteApp(engine);
  const find = async (q: string, limit?: number) => {
    const url = `/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`;
    const res = await suite.t.as(suite.admin).send('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data;
  };
  const titles = (hits: Array<{ title: string }>) => hits.map((h) => h.title);
  let crème: number;
  let order: number;
  let quote: number;
  let product: number;

  beforeAll(async () => {
    const A = suite.t.admin;
    crème = (
      await A('POST', '/api/customers/create', {
        name: 'Crème Brûlée Doors',
        customerNo: 'FIND-77',
        contactName: 'Zoë Quill',
        phone: '(555) 867-5309',
        email: 'Orders@CremeDoors.example',
      })
    ).id;
    const other = (await A('POST', '/api/customers/create', { name: 'Northgate Overhead' })).id;
    order = (await A('POST', '/api/orders/create', { customer: crème, jobName: 'Lakeside barn', poNumber: 'PO-4471' }))
      .id;
    await A('POST', '/api/orders/create', { customer: other, jobName: 'Findable warehouse 1' });
    await A('POST', '/api/orders/create', { customer: other, jobName: 'Findable warehouse 2' });
    await A('POST', '/api/orders/create', { customer: other, jobName: 'Findable warehouse 3' });
    quote = (await A('POST', '/api/quotes/create', { customer: crème, jobName: 'Lakeside shed' })).id;
    await A('POST', `/api/quotes/${quote}/revise`);
    const types = await suite.t.productTypes();
    product = (
      await A('POST', '/api/products/create', {
        itemNo: 'FND-SPR-250',
        itemDescription: 'Torsion spring, façade kit',
        productType: { id: types.Hardware },
      })
    ).id;
    await A('POST', '/api/vendor-orders/create', { name: 'Clopay stock Lakeside' });
  });

  it('finds a customer by name, number, contact, phone digits and e-mail, any case and accents', async () => {
    for (const q of ['creme brulee', 'find-77', 'ZOE', '5558675309', '867-5309', 'cremedoors.EXAMPLE']) {
      const r = await find(q);
      expect(
        r.customers.map((c: { id: number }) => c.id),
        q,
      ).toContain(crème);
    }
    const hit = (await find('brûlée')).customers[0];
    expect(hit).toEqual({
      id: crème,
      title: 'Crème Brûlée Doors',
      subtitle: 'FIND-77 · Zoë Quill · (555) 867-5309 · Orders@CremeDoors.example',
    });
  });

  it('finds orders and quotes by id, job name, PO number and customer; a quote by its latest revision', async () => {
    expect((await find(String(order))).orders.map((o: { id: number }) => o.id)).toContain(order);
    expect((await find(`#${order}`)).orders[0].id).toBe(order);
    const byPo = await find('po-4471');
    expect(byPo.orders).toEqual([
      {
        id: order,
        title: `Order #${order} · Lakeside barn`,
        subtitle: expect.stringContaining('Crème Brûlée Doors · PO PO-4471'),
      },
    ]);
    const byCustomer = await find('Creme');
    expect(byCustomer.orders.map((o: { id: number }) => o.id)).toEqual([order]);
    const lakeside = await find('LAKESIDE');
    expect(titles(lakeside.quotes)).toEqual([
      expect.stringMatching(new RegExp(`^Quote #${quote} rev 2 · Lakeside shed$`)),
    ]);
    expect(titles(lakeside.vendorOrders)).toEqual(['Clopay stock Lakeside']);
  });

  it('finds products by item number and description; answers at most limit of each, newest documents first', async () => {
    expect((await find('fnd-spr')).products).toEqual([
      { id: product, title: 'FND-SPR-250', subtitle: 'Torsion spring, façade kit' },
    ]);
    expect(titles((await find('facade')).products)).toEqual(['FND-SPR-250']);
    const two = await find('findable warehouse', 2);
    expect(titles(two.orders)).toEqual([
      expect.stringContaining('Findable warehouse 3'),
      expect.stringContaining('Findable warehouse 2'),
    ]);
    // LIKE's wildcards are text here.
    const percent = await find('%');
    expect(percent.customers).toEqual([]);
    expect(percent.orders).toEqual([]);
  });

  it('answers the same after the indexes are compacted (PostgreSQL: nothing to compact)', async () => {
    const texts = ['lakeside', 'creme', 'findable', 'fnd-spr', String(order)];
    const before = await Promise.all(texts.map((q) => find(q)));
    const worked = await suite.t.app.ctx.search.compactIndexes();
    if (engine === 'postgres') expect(worked).toBe(0);
    else expect(worked).toBeGreaterThan(0);
    expect(await Promise.all(texts.map((q) => find(q)))).toEqual(before);
    expect(await suite.t.app.ctx.search.compactIndexes()).toBe(0);
  });

  it('refuses an empty text (or accents alone) or a bad limit in plain words, and a caller who is not signed in', async () => {
    const empty = await suite.t.as(suite.admin).send('GET', '/api/search?q=%20');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toMatch(/must not be empty/);
    // Accents alone fold to nothing, which would match every record: refused as empty (issue 37).
    for (const marks of ['%CC%81', '%CC%81%CC%80%CC%88', '%20%CC%83%20']) {
      const accents = await suite.t.as(suite.admin).send('GET', `/api/search?q=${marks}`);
      expect(accents.statusCode, marks).toBe(400);
      expect(json(accents).message).toMatch(/must not be empty/);
    }
    const big = await suite.t.as(suite.admin).send('GET', '/api/search?q=a&limit=50');
    expect(big.statusCode).toBe(400);
    expect(json(big).message).toMatch(/must be at most 20/);
    expect((await suite.t.app.inject({ url: '/api/search?q=a' })).statusCode).toBe(401);
  });
});

/**
 * SQLite's trigram indexes (migrations 2026112700 and 2026112820) answer exactly what the scans answer: on a
 * seeded set with accents, phone punctuation, quotes revised and records changed after they were
 * indexed, every way of searching gives the same records in the same order both ways.
 */
type Admin = ReturnType<typeof suiteApp>['t']['admin'];

/** One customer per name, with a number, contact, phone and e-mail of its own: their ids. */
async function seedCustomers(A: Admin, names: string[]): Promise<number[]> {
  const customers: number[] = [];
  for (const [i, name] of names.entries()) {
    const created = await A('POST', '/api/customers/create', {
      name,
      customerNo: `SEED-${i}`,
      contactName: i % 2 ? 'Zoë Quill' : 'Sam Park',
      phone: `(916) 555-10${i}${i}`,
      email: `buyer${i}@Example.com`,
    });
    customers.push(created.id);
  }
  return customers;
}

/** A part the seeded texts find by its number and its description. */
const seededPart = (i: number, hardware: number) => ({
  itemNo: `SEED-${i}-GAR`,
  itemDescription: `Garage part ${i}, crème`,
  productType: { id: hardware },
});

/** Three vendor orders whose names the seeded texts find. */
async function seedVendorOrders(A: Admin): Promise<void> {
  for (const [i, name] of ['Garage springs restock', 'Crème façade panels', 'Overhead garage rails'].entries())
    await A('POST', '/api/vendor-orders/create', { name, description: `Seed ${i}` });
}

/** Texts of every shape both agreement tests search: words, accents, case, numbers, phones, quotes. */
const SEEDED_TEXTS = [
  'garage',
  'GARAGE',
  'creme',
  'façade',
  'northgate',
  'gate garage',
  'po-10',
  'seed-1',
  '555-1011',
  '9165551022',
  'zoe',
  'example.com',
  '"r"',
  'nothing-like-this',
  'ube',
];

describe('find anything: the trigram indexes agree with the scans (sqlite)', () => {
  const suite = suiteApp('sqlite');

  it('gives the same records, in the same order, for every kind and many texts', async () => {
    const A = suite.t.admin;
    const names = ['Crème Façade Doors', 'Northgate Overhead', 'Garage Kings', 'Überhaus Garage', 'Doors "R" Us'];
    const customers = await seedCustomers(A, names);
    const types = await suite.t.productTypes();
    for (let i = 0; i < 12; i++) {
      const customer = customers[i % customers.length];
      await A('POST', '/api/orders/create', { customer, jobName: `Garage job ${i} façade`, poNumber: `PO-${100 + i}` });
      const quote = (await A('POST', '/api/quotes/create', { customer, jobName: `Garage quote ${i}` })).id;
      if (i % 3 === 0) await A('POST', `/api/quotes/${quote}/revise`);
      await A('POST', '/api/products/create', seededPart(i, types.Hardware));
    }
    await seedVendorOrders(A);
    const restock = (await A('POST', '/api/vendor-orders/create', { name: 'Torsion restock', description: 'x' })).id;
    await A('PUT', `/api/vendor-orders/update/${restock}`, {
      ...(await A('GET', `/api/vendor-orders/${restock}`)),
      name: 'Torsion garage restock',
    });
    // Changed after it was indexed: the index follows (its trigger), the old name is gone.
    const renamed = await A('GET', `/api/customers/${customers[1]}`);
    await A('PUT', `/api/customers/update/${customers[1]}`, { ...renamed, name: 'Northgate Garage Co' });

    const db = suite.t.db.database.db;
    const kinds = [
      perKind.customers,
      (...a: [typeof db, string, number, boolean?]) => perKind.documents(a[0], 'orders', a[1], a[2], a[3]),
      (...a: [typeof db, string, number, boolean?]) => perKind.documents(a[0], 'quotes', a[1], a[2], a[3]),
      perKind.products,
      perKind.vendorOrders,
    ] as const;
    const texts = SEEDED_TEXTS;
    for (const text of texts) {
      for (const [k, find] of kinds.entries()) {
        const indexed = await find(db, text, 5);
        const scanned = await find(db, text, 5, true);
        expect(
          indexed.map((r) => r.id),
          `${['customers', 'orders', 'quotes', 'products', 'vendor orders'][k]} '${text}'`,
        ).toEqual(scanned.map((r) => r.id));
      }
    }
    expect((await perKind.customers(db, 'northgate', 5)).map((c) => c.name)).toEqual(['Northgate Garage Co']);
    expect(await perKind.customers(db, 'overhead', 5)).toEqual([]);
    expect((await perKind.vendorOrders(db, 'torsion', 5)).map((v) => v.name)).toEqual(['Torsion garage restock']);
    expect((await perKind.vendorOrders(db, 'garage', 5)).length).toBe(3);
  });
});

/**
 * find() answers the five kinds in one statement (SQLite: the trigram indexes; PostgreSQL: the
 * GIN indexes read per way of matching, merged). On seeded data it gives, kind by kind, the same
 * rows in the same order as the one-OR scans, for texts of every shape and several limits. On
 * SQLite the documents of the customers whose name matches are found either way: among the newest
 * documents first, or through the customers' index; the tunings below make each run here.
 */
describe.each(engines())('find anything: one statement agrees with the scans (%s)', (engine) => {
  const suite = suiteApp(engine);

  it('gives the same rows, in the same order, for every kind, text, limit and tuning', async () => {
    const A = suite.t.admin;
    const names = [
      'Crème Façade Doors',
      'Northgate Overhead',
      'Garage Kings',
      'Überhaus Garage',
      'Doors "R" Us',
      'Garage 50% Off',
      'Hendrix Garage_Works',
    ];
    const customers = await seedCustomers(A, names);
    const types = await suite.t.productTypes();
    const orders: number[] = [];
    const quotes: number[] = [];
    for (let i = 0; i < 14; i++) {
      // The garage customers' documents are the oldest: the newest few name other customers.
      const customer = customers[i < 8 ? 2 + (i % 5) : i % 2];
      orders.push(
        (
          await A('POST', '/api/orders/create', {
            customer,
            jobName: i % 3 ? `Lakeside job ${i} façade` : `Shed ${i}`,
            poNumber: `PO-${100 + i}`,
          })
        ).id,
      );
      const quote = (await A('POST', '/api/quotes/create', { customer, jobName: `Lakeside quote ${i}` })).id;
      if (i % 3 === 0) await A('POST', `/api/quotes/${quote}/revise`);
      quotes.push(quote);
      if (i < 6) await A('POST', '/api/products/create', seededPart(i, types.Hardware));
    }
    await seedVendorOrders(A);
    // Changed after it was indexed: the indexes follow.
    const renamed = await A('GET', `/api/customers/${customers[1]}`);
    await A('PUT', `/api/customers/update/${customers[1]}`, { ...renamed, name: 'Northgate Garage Co' });

    const db = suite.t.db.database.db;
    const texts = [
      ...SEEDED_TEXTS,
      'Garage Kings',
      'lakeside',
      'doors "r" us',
      '50%',
      'e_w',
      String(orders[3]),
      `#${orders[12]}`,
      `#${quotes[3]}`,
      'ga',
      'e',
      '%',
    ];
    const tunings = [undefined, { many: 1, walk: 1_000_000 }, { many: 1, walk: 2 }, { many: 1_000_000, walk: 0 }];
    for (const text of texts) {
      const scanned = {
        customers: await perKind.customers(db, text, 5, true),
        orders: await perKind.documents(db, 'orders', text, 5, true),
        quotes: await perKind.documents(db, 'quotes', text, 5, true),
        products: await perKind.products(db, text, 5, true),
        vendorOrders: await perKind.vendorOrders(db, text, 5, true),
      };
      for (const tuning of tunings) {
        for (const limit of [1, 2, 5]) {
          const found = await repo.find(db, text, limit, tuning);
          for (const kind of Object.keys(scanned) as Array<keyof typeof scanned>)
            expect(found[kind], `${kind} '${text}' limit ${limit} ${JSON.stringify(tuning)}`).toEqual(
              scanned[kind].slice(0, limit),
            );
        }
      }
    }
    // The seeds reach every part: customers by name and by phone, documents by text, by customer
    // and by number, the walk and the fallback behind it.
    const garage = await repo.find(db, 'garage', 5);
    expect(garage.customers.map((c) => c.name)).toEqual([
      'Garage 50% Off',
      'Garage Kings',
      'Hendrix Garage_Works',
      'Northgate Garage Co',
      'Überhaus Garage',
    ]);
    expect(garage.orders).toHaveLength(5);
    expect((await repo.find(db, `#${quotes[3]}`, 5)).quotes.map((q) => q.revision)).toEqual([2]);
    expect((await repo.find(db, '9165551022', 5)).customers.map((c) => c.id)).toEqual([customers[2]]);
  });
});

/**
 * Migration 2026112830: ANALYZE writes STAT4 samples for the FTS5 indexes' shadow tables, and with
 * them SQLite prepares FTS5's lookup of every trigram again at each use (docs/architecture.md
 * section 13). The migration drops those samples and no others.
 */
describe('find anything: no STAT4 samples for the FTS5 tables (sqlite, migration 2026112830)', () => {
  const suite = suiteApp('sqlite');

  it("drops the FTS5 shadow tables' samples, keeps every other table's and the row counts", async () => {
    const A = suite.t.admin;
    const customer = (await A('POST', '/api/customers/create', { name: 'Garage Kings' })).id;
    for (let i = 0; i < 3; i++) await A('POST', '/api/orders/create', { customer, jobName: `Garage job ${i}` });
    const sqlite = sqliteHandle(suite.t.db.database)!;
    sqlite.exec('analyze');
    const samples = (fts: boolean) =>
      (
        sqlite
          .prepare(`select count(*) as n from sqlite_stat4 where (tbl like '%\\_trgm\\_%' escape '\\') = ?`)
          .get(fts ? 1 : 0) as { n: number }
      ).n;
    expect(samples(true)).toBeGreaterThan(0);
    const others = samples(false);
    expect(others).toBeGreaterThan(0);

    await ftsStatistics.up(suite.t.db.database.db);
    expect(samples(true)).toBe(0);
    expect(samples(false)).toBe(others);
    const counts = sqlite.prepare(`select count(*) as n from sqlite_stat1 where tbl = 'orders_find_trgm_idx'`).get();
    expect(counts).toEqual({ n: 1 });
    expect((await repo.find(suite.t.db.database.db, 'garage job', 5)).orders).toHaveLength(3);

    // The bulk writer's ANALYZE (the large data set) drops them again as it writes them.
    sqlite.exec('analyze');
    expect(samples(true)).toBeGreaterThan(0);
    await bulkWriter(suite.t.db.database).finish([]);
    expect(samples(true)).toBe(0);
    expect(samples(false)).toBe(others);
  });
});

/**
 * The FTS5 indexes kept as one b-tree each (SearchService.compactIndexes): every write adds a
 * b-tree, every update or delete a tombstone; the compaction merges them in small steps, the
 * searches answer the same, the indexes pass FTS5's own integrity check, and callers who ask
 * while one runs share it.
 */
describe('find anything: the FTS5 indexes compacted (sqlite)', () => {
  const suite = suiteApp('sqlite');

  it('merges every b-tree in steps, answers the same, and runs at most twice for 50 callers at once', async () => {
    const A = suite.t.admin;
    const search = suite.t.app.ctx.search;
    const db = suite.t.db.database.db;
    const sqlite = sqliteHandle(suite.t.db.database)!;
    const write = async (round: number) => {
      const customers: number[] = [];
      for (let i = 0; i < 12; i++)
        customers.push((await A('POST', '/api/customers/create', { name: `Garage Co ${round}-${i}` })).id);
      for (let i = 0; i < 24; i++)
        await A('POST', '/api/orders/create', { customer: customers[i % 12], jobName: `Garage job ${round}-${i}` });
      // Changed and deleted rows leave tombstones in the indexes.
      const renamed = await A('GET', `/api/customers/${customers[0]}`);
      await A('PUT', `/api/customers/update/${customers[0]}`, { ...renamed, name: `Overhead Co ${round}` });
    };
    const texts = ['garage', 'garage co 0-1', 'garage job 1-2', 'overhead', 'nothing-like-this'];
    const answers = () => Promise.all(texts.map((q) => repo.find(db, q, 5)));
    const pages = (index: string) =>
      (sqlite.prepare(`select count(*) as n from ${index}_data`).get() as { n: number }).n;
    const integrity = (index: string) => sqlite.exec(`insert into ${index}(${index}) values ('integrity-check')`);

    await write(0);
    const indexes = await repo.ftsIndexes(db);
    expect(indexes).toEqual([
      'customers_find_trgm',
      'customers_name_trgm',
      'orders_find_trgm',
      'products_find_trgm',
      'quotes_find_trgm',
      'vendor_orders_find_trgm',
    ]);
    const before = await answers();
    const pagesBefore = pages('orders_find_trgm');
    expect(await search.compactIndexes()).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);
    expect(pages('orders_find_trgm')).toBeLessThan(pagesBefore);
    for (const index of indexes) integrity(index);
    // Nothing left to merge.
    expect(await search.compactIndexes()).toBe(0);
    expect(await repo.mergeStep(db, 'orders_find_trgm', 16)).toBe(false);

    // 50 callers at once: the first starts a run, the 49 others share the one run after it.
    await write(1);
    const expected = await answers();
    const runs = await Promise.all(Array.from({ length: 50 }, () => search.compactIndexes()));
    expect(runs[0]).toBeGreaterThan(0);
    expect(new Set(runs.slice(1))).toEqual(new Set([0]));
    expect(await search.compactIndexes()).toBe(0);
    expect(await answers()).toEqual(expected);

    // Writes that land while a run is under way are merged by the run after it.
    await write(2);
    const first = search.compactIndexes();
    await write(3);
    const after = search.compactIndexes();
    expect(await first).toBeGreaterThan(0);
    await after;
    for (const index of indexes) expect(await repo.mergeStep(db, index, 16), index).toBe(false);
    expect((await repo.find(db, 'garage job 1', 30)).orders).toHaveLength(24);
    for (const index of indexes) integrity(index);
  });

  it('ends while clerks keep writing: a run rewrites each index about once at most, the rest waits for the next run', async () => {
    const A = suite.t.admin;
    const search = suite.t.app.ctx.search;
    const db = suite.t.db.database.db;
    const sqlite = sqliteHandle(suite.t.db.database)!;
    const customer = (await A('POST', '/api/customers/create', { name: 'Steady Writer Doors' })).id;
    // An orders index of a few hundred pages in 20 b-trees, as a busy day leaves it (rows of their
    // own, beyond any order's id), so a run takes many steps and the writes below land during it.
    const add = sqlite.prepare(`insert into orders_find_trgm(rowid, job, po) values (?, ?, '')`);
    for (let t = 0; t < 20; t++)
      sqlite.transaction(() => {
        for (let i = 0; i < 300; i++)
          add.run(10_000_000 + t * 300 + i, `bulk ${t} job ${i} ${'x'.repeat(i % 17)}${i * 7919}`);
      })();
    const indexes = await repo.ftsIndexes(db);
    const pages = indexes.reduce(
      (n, index) => n + (sqlite.prepare(`select count(*) as n from ${index}_data`).get() as { n: number }).n,
      0,
    );
    // Before: a write between two steps gave each step work (the new b-tree merged into the big
    // one), so the run went on for as long as the writes did (5,000 steps an index at most).
    let done = false;
    let written = 0;
    const writer = (async () => {
      while (!done) {
        await A('POST', '/api/orders/create', { customer, jobName: `Steady more ${written}` });
        written++;
      }
    })();
    const worked = await search.compactIndexes().finally(() => {
      done = true;
    });
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(worked).toBeLessThanOrEqual(2 * Math.ceil(pages / 16) + 2 * indexes.length);
    // Once the writes stop, the next run leaves every index one b-tree.
    await search.compactIndexes();
    for (const index of indexes) expect(await repo.mergeStep(db, index, 16), index).toBe(false);
    expect((await repo.find(db, 'steady more', 200)).orders).toHaveLength(written);
  });
});
