/**
 * A seeded document is one a clerk could have typed: for documents of the demo set (made through
 * the services) and of the large set (the documents module's bulk insert), typing the same
 * header, lines, overrides, sub-part notes and modifiers through DocumentsService gives the same
 * cart (positions, prices, breakdown), sub-parts, applied modifiers and totals. SQLite always,
 * PostgreSQL as well when TEST_DATABASE_URL is set.
 */
import { documentInputSchema, type DocumentKind } from '@desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/cli/demo-data.js';
import { LARGE_DEFAULTS, loadLargeData, markQuoteLifecycle } from '../src/cli/large-data.js';
import { seedStockInBulk } from '../src/modules/stock/stock.bulk.js';
import { StockService } from '../src/modules/stock/stock.service.js';
import { DocumentsService } from '../src/modules/documents/documents.service.js';
import { createTestDb, engines, type TestDb } from './support.js';

const NOW = new Date('2026-11-20T18:30:00.000Z');
const TAX_RATE = 97_500;

/** What the service answers for a document, without the ids of its own rows. */
async function answered(documents: DocumentsService, kind: DocumentKind, id: number) {
  const { cart, totals, totalsCents } = await documents.cart(kind, id);
  const lines = [];
  for (const { id: lineId, ...line } of cart) {
    const subParts = (await documents.subParts(kind, lineId)).map(({ rowId: _r, appliedModifierId, ...s }) => ({
      ...s,
      fromModifier: appliedModifierId !== null,
    }));
    const modifiers = (await documents.modifiers(kind, lineId)).map(({ id: _id, ...m }) => m);
    lines.push({ ...line, subParts, modifiers });
  }
  return { lines, totals, totalsCents };
}

/** Types the seeded document again through the service, as a clerk would; answers the new id. */
const CLERK = { userId: 1, username: 'admin' };

async function retype(documents: DocumentsService, kind: DocumentKind, id: number): Promise<number> {
  const header = await documents.get(kind, id);
  const { body } = await documents.create(
    kind,
    documentInputSchema.parse({ customer: header.customer.id, jobName: header.jobName, useTax: header.useTax }),
    undefined,
    CLERK,
  );
  for (const line of (await documents.cart(kind, id)).cart) {
    const added = await documents.addLine(kind, body.id, line.product.id, line.quantity, CLERK);
    const lineId = added.line!.id;
    if (line.price.priceOverrideCents !== null)
      await documents.setPriceOverride(kind, lineId, line.price.priceOverrideCents, CLERK);
    const typed = (await documents.subParts(kind, lineId)).filter((s) => s.source === 'ASSOC_PART');
    const seeded = (await documents.subParts(kind, line.id)).filter((s) => s.source === 'ASSOC_PART');
    for (const [i, s] of seeded.entries())
      if (s.notes !== null && typed[i])
        await documents.setSubPartNotes(kind, lineId, typed[i].rowId, 'ASSOC_PART', s.notes, undefined, CLERK);
    for (const m of await documents.modifiers(kind, line.id))
      await documents.upsertModifier(kind, lineId, m.modifierId, m.notes, m.inches, CLERK);
  }
  return body.id;
}

async function expectRetypedTheSame(db: TestDb, kind: DocumentKind, ids: number[]) {
  const documents = new DocumentsService(db.database.db, () => NOW.getTime(), TAX_RATE);
  let modifiers = 0;
  for (const id of ids) {
    const seeded = await answered(documents, kind, id);
    modifiers += seeded.lines.reduce((n, l) => n + l.modifiers.length, 0);
    expect(await answered(documents, kind, await retype(documents, kind, id)), `${kind} ${id}`).toEqual(seeded);
  }
  // The sample covers package lines with starred modifiers, not only plain parts.
  expect(modifiers).toBeGreaterThan(0);
}

for (const engine of engines()) {
  describe(`seeded documents obey the documents module on ${engine}`, () => {
    let demo: TestDb;
    let large: TestDb;
    let stockCounts: Record<string, number>;

    beforeAll(async () => {
      demo = await createTestDb(engine);
      await loadDemoData(demo.database.db, { now: NOW });
      large = await createTestDb(engine);
      const small = { customers: 20, products: 60, packages: 10, orders: 60, quotes: 30, vendorOrders: 5 };
      await loadLargeData(large.database, { ...LARGE_DEFAULTS, ...small });
      stockCounts = await seedStockInBulk(large.database, LARGE_DEFAULTS.seed, NOW.getTime());
    }, 120_000);

    afterAll(async () => {
      await demo?.drop();
      await large?.drop();
    });

    for (const kind of ['quote', 'order'] as const) {
      it(`demo ${kind}s: typed again through the service, the same cart, sub-parts, modifiers and totals`, async () => {
        await expectRetypedTheSame(demo, kind, kind === 'quote' ? [1, 2, 3, 9, 14, 15] : [1, 2, 8, 12, 19, 21]);
      });

      it(`large-set ${kind}s (bulk insert): typed again through the service, the same cart and totals`, async () => {
        await expectRetypedTheSame(large, kind, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      });
    }

    it('large-set orders: pickup only in an open status, a bay only when ready, completed_at only when Completed', async () => {
      const orders = await large.database.db
        .selectFrom('orders')
        .innerJoin('order_statuses', 'order_statuses.id', 'orders.order_status_id')
        .select([
          'orders.order_pickup',
          'orders.current_load',
          'orders.completed_at',
          'order_statuses.type',
          'order_statuses.closed',
        ])
        .execute();
      for (const o of orders) {
        if (o.order_pickup) expect(o.closed).toBe(0);
        if (o.current_load) expect(o.order_pickup).toBe(1);
        expect(o.completed_at !== null).toBe(o.type === 'Completed');
      }
    });

    it('large-set stock (npm run db:large): completed orders picked up, open ones promised, the ledger adds up', async () => {
      const counts = stockCounts;
      expect(counts.stock_moves).toBeGreaterThan(0);
      expect(counts.stock_needs).toBeGreaterThan(0);
      expect(counts.vendor_order_lines).toBeGreaterThanOrEqual(5);
      const stock = new StockService(large.database.db, () => NOW.getTime());
      expect((await stock.check()).mismatches).toEqual([]);
      const pickups = await large.database.db
        .selectFrom('stock_moves')
        .select('kind')
        .where('kind', '=', 'pickup')
        .execute();
      expect(pickups.length).toBeGreaterThan(0);
    });

    // Last: it moves the large set's quotes on from Draft.
    it("large-set quotes' lifecycle (npm run db:large): six in ten Sent on their date, half of those Accepted", async () => {
      const quotes = () =>
        large.database.db
          .selectFrom('quotes')
          .select(['id', 'quote_date', 'quote_status', 'sent_at', 'accepted_at'])
          .orderBy('id')
          .execute();
      const before = await quotes();
      await markQuoteLifecycle(large.database.db);
      const after = await quotes();
      expect(after.map((q) => q.id)).toEqual(before.map((q) => q.id));
      for (const [i, q] of after.entries()) {
        const sent = q.id % 10 < 6;
        const accepted = sent && q.id % 5 < 2;
        expect(q, `quote ${q.id}`).toEqual(
          sent
            ? {
                ...before[i],
                quote_status: accepted ? 'Accepted' : 'Sent',
                sent_at: `${q.quote_date}T16:00:00.000Z`,
                accepted_at: accepted ? `${q.quote_date}T17:00:00.000Z` : before[i]!.accepted_at,
              }
            : before[i],
        );
      }
      expect(after.filter((q) => q.quote_status === 'Accepted').length).toBeGreaterThan(0);
    });
  });
}
