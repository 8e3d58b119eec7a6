/**
 * The demo data set on a fresh, migrated database: SQLite always, PostgreSQL as well when
 * TEST_DATABASE_URL (postgres://...) is set. Checks the shape docs/architecture.md sections 2-4 promise
 * (packages, sub-parts and applied modifiers, statuses, bays) and that a second load refuses
 * and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODIFIER_CATEGORIES, ORDER_STATUSES, isPackageType } from '@desk/domain';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { DB } from '../db/schema.js';
import {
  DEMO_CUSTOMERS,
  DEMO_PACKAGES,
  DEMO_TABLES,
  buildDemoPlan,
  loadDemoData,
  type DemoSummary,
} from './demo-data.js';

const NOW = new Date('2026-11-20T18:30:00.000Z');
const DAY_MS = 86_400_000;

const TABLES = DEMO_TABLES;

interface Fresh {
  database: Database;
  drop(): Promise<void>;
}

async function freshSqlite(): Promise<Fresh> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'desk-demo-data-'));
  const database = openSqlite(path.join(dir, 'demo.sqlite'));
  await migrateToLatest(database.db);
  return {
    database,
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freshPostgres(adminUrl: string): Promise<Fresh> {
  const name = `demo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  await migrateToLatest(database.db);
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function countAll(db: Kysely<DB>): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const pgUrl = process.env.TEST_DATABASE_URL;
const engines: Array<{ name: string; open: () => Promise<Fresh>; skip: boolean }> = [
  { name: 'SQLite', open: freshSqlite, skip: false },
  { name: 'PostgreSQL', open: () => freshPostgres(pgUrl ?? ''), skip: !pgUrl },
];

for (const engine of engines) {
  describe.skipIf(engine.skip)(`demo data on ${engine.name}`, () => {
    let fresh: Fresh;
    let db: Kysely<DB>;
    let summary: DemoSummary;

    beforeAll(async () => {
      fresh = await engine.open();
      db = fresh.database.db;
      summary = await loadDemoData(db, { now: NOW });
    }, 60_000);

    afterAll(async () => {
      await fresh?.drop();
    });

    it('answers the number of rows it wrote to each table', async () => {
      expect(await countAll(db)).toEqual(summary);
      expect(summary).toMatchObject({ customers: 20, quotes: 15, orders: 25, vendor_orders: 6 });
      expect(summary.products).toBeGreaterThanOrEqual(60);
      expect(summary.linked_orders).toBeGreaterThanOrEqual(8);
    });

    it('sets the letterhead (address, phone, e-mail, 30-day validity, terms), leaving the name to COMPANY_NAME', async () => {
      const company = await db.selectFrom('company_settings').selectAll().executeTakeFirstOrThrow();
      expect(company).toMatchObject({
        id: 1,
        name: null,
        street: '4120 Power Inn Rd',
        city: 'Sacramento',
        state: 'CA',
        zip: '95826',
        phone: '(916) 555-0142',
        email: 'sales@garagedoorsupply.example.com',
        quote_validity_days: 30,
        version: 1,
      });
      expect(company.terms).toMatch(/^Prices are quoted/);
    });

    it('has 20 customers with different multipliers and an accented name', async () => {
      const customers = await db.selectFrom('customers').selectAll().execute();
      expect(customers).toHaveLength(20);
      expect(new Set(customers.map((c) => c.sectional_multiplier)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(customers.map((c) => c.residential_multiplier)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(customers.map((c) => c.customer_no)).size).toBe(20);
      expect(customers.some((c) => c.name === 'Jérôme Côté Overhead Doors')).toBe(true);
      expect(customers.some((c) => c.use_tax === 1)).toBe(true);
      expect(customers.some((c) => c.use_tax === 0)).toBe(true);
      for (const c of customers) {
        expect(c.email).toMatch(/@example\.(com|net)$/);
        expect(c.ship_city).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
        expect(['RESALE', 'TAXABLE']).toContain(c.tax_code);
        expect(['Net 30', 'Net 15', 'COD']).toContain(c.terms_code);
      }
      // Stored scaled by 10,000: 0.85 is 8500.
      const hendricks = customers.find((c) => c.customer_no === 'C-1001');
      expect(hendricks).toMatchObject({ residential_multiplier: 8500, sectional_multiplier: 9000 });
    });

    it('gives every package associated parts and modifiers in all eight categories', async () => {
      const packages = await db
        .selectFrom('products')
        .innerJoin('product_types', 'product_types.id', 'products.product_type_id')
        .select(['products.id', 'products.item_no', 'product_types.type'])
        .execute();
      const pkgs = packages.filter((p) => isPackageType(p.type));
      expect(pkgs.map((p) => p.item_no).sort()).toEqual(DEMO_PACKAGES.map((p) => p.itemNo).sort());
      const assoc = await db.selectFrom('associated_parts').selectAll().execute();
      const mods = await db.selectFrom('package_modifiers').selectAll().execute();
      const packageIds = new Set(pkgs.map((p) => p.id));
      for (const pkg of pkgs) {
        const parts = assoc.filter((a) => a.package_id === pkg.id);
        expect(parts.length, pkg.item_no).toBeGreaterThanOrEqual(6);
        expect(parts.length, pkg.item_no).toBeLessThanOrEqual(10);
        for (const a of parts) expect(packageIds.has(a.child_id)).toBe(false);
        const own = mods.filter((m) => m.package_id === pkg.id);
        expect(new Set(own.map((m) => m.category)), pkg.item_no).toEqual(new Set(MODIFIER_CATEGORIES));
        for (const m of own) {
          expect(m.quantity).toBeGreaterThanOrEqual(1);
          if (m.category === 'LiftNotes') expect(m.product_id).toBeNull();
          else expect(m.product_id, `${pkg.item_no} ${m.category} ${m.name}`).not.toBeNull();
        }
        expect(own.filter((m) => m.category === 'Lift').map((m) => m.name)).toEqual([
          'Standard lift',
          'High lift',
          'Vertical lift',
          'Low headroom',
        ]);
        expect(own.filter((m) => m.category === 'Inches').every((m) => /^\d+$/.test(m.notes ?? ''))).toBe(true);
      }
      const highLift = await db.selectFrom('products').selectAll().where('item_no', '=', 'HLK-2-24').executeTakeFirst();
      expect(highLift?.modifier_cost_increase).toBe(18500);
    });

    for (const kind of ['order', 'quote'] as const) {
      it(`matches every MOD sub-part of ${kind === 'order' ? 'an order' : 'a quote'} to its applied modifier`, async () => {
        const lines: Array<{ id: number; product_id: number }> = await db
          .selectFrom(`${kind}_parts`)
          .select(['id', 'product_id'])
          .execute();
        const applied: Array<{ id: number; part_id: number; package_modifier_id: number; inches: string | null }> =
          await db
            .selectFrom(`${kind}_part_modifiers`)
            .select(['id', `${kind}_part_id as part_id`, 'package_modifier_id', 'inches'])
            .execute();
        const subs: Array<{
          part_id: number;
          source: string;
          product_id: number;
          quantity: number;
          category: string | null;
          applied_modifier_id: number | null;
          position: number;
        }> = await db
          .selectFrom(`${kind}_sub_parts`)
          .select([
            `${kind}_part_id as part_id`,
            'source',
            'product_id',
            'quantity',
            'category',
            'applied_modifier_id',
            'position',
          ])
          .execute();
        const pms = new Map((await db.selectFrom('package_modifiers').selectAll().execute()).map((m) => [m.id, m]));
        const assoc = await db.selectFrom('associated_parts').selectAll().execute();
        const lineById = new Map(lines.map((l) => [l.id, l]));
        const appliedById = new Map(applied.map((a) => [a.id, a]));

        const mods = subs.filter((s) => s.source === 'MOD');
        expect(mods.length).toBeGreaterThan(0);
        expect(mods).toHaveLength(applied.length);
        for (const s of mods) {
          const a = appliedById.get(s.applied_modifier_id ?? -1);
          expect(a, 'applied modifier of a MOD sub-part').toBeDefined();
          const pm = pms.get(a!.package_modifier_id)!;
          expect(a!.part_id).toBe(s.part_id);
          expect(pm.package_id).toBe(lineById.get(s.part_id)?.product_id);
          expect(s.product_id).toBe(pm.product_id);
          expect(s.quantity).toBe(pm.quantity);
          expect(s.category).toBe(pm.category);
          expect(pm.category).not.toBe('LiftNotes');
        }
        expect(new Set(mods.map((s) => s.applied_modifier_id)).size).toBe(applied.length);
        expect(applied.some((a) => a.inches === '24')).toBe(true);

        // Package lines carry a snapshot of their package's associated parts; 1-3 modifiers each.
        const packageIds = new Set(assoc.map((a) => a.package_id));
        let packageLines = 0;
        for (const line of lines) {
          const own = subs.filter((s) => s.part_id === line.id);
          const assocSubs = own.filter((s) => s.source === 'ASSOC_PART');
          for (const s of assocSubs) expect(s.applied_modifier_id).toBeNull();
          if (!packageIds.has(line.product_id)) {
            expect(own).toHaveLength(0);
            continue;
          }
          packageLines++;
          const expected = assoc
            .filter((a) => a.package_id === line.product_id)
            .map((a) => [a.child_id, a.quantity])
            .sort();
          expect(assocSubs.map((s) => [s.product_id, s.quantity]).sort()).toEqual(expected);
          const modCount = applied.filter((a) => a.part_id === line.id).length;
          expect(modCount).toBeGreaterThanOrEqual(1);
          expect(modCount).toBeLessThanOrEqual(3);
          expect(new Set(own.map((s) => s.position)).size).toBe(own.length);
        }
        expect(packageLines).toBeGreaterThan(lines.length / 2);
      });
    }

    it('has orders in all six statuses, with pickup, bay and completion fields to match', async () => {
      const orders = await db
        .selectFrom('orders')
        .innerJoin('order_statuses', 'order_statuses.id', 'orders.order_status_id')
        .selectAll('orders')
        .select('order_statuses.type as status')
        .execute();
      expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES.map((s) => s.type)));
      for (const o of orders) {
        expect(o.completed_at !== null, o.job_name ?? '').toBe(o.status === 'Completed');
        if (o.order_pickup === 1) expect(o.status).toBe('Ready for Pickup');
        if (o.current_load === 1) expect(o.order_pickup).toBe(1);
        for (const t of [o.created_at, o.updated_at, o.completed_at ?? o.created_at]) {
          expect(new Date(t).toISOString()).toBe(t);
          expect(Date.parse(t)).toBeLessThanOrEqual(NOW.getTime());
        }
        expect(o.updated_at >= o.created_at).toBe(true);
        expect(o.order_date >= new Date(NOW.getTime() - 90 * DAY_MS).toISOString().slice(0, 10)).toBe(true);
      }
      expect(orders.filter((o) => o.order_pickup === 1).length).toBeGreaterThanOrEqual(3);
      const exported = orders.filter((o) => o.source_quote_id !== null);
      expect(exported.length).toBeGreaterThanOrEqual(1);
      for (const o of exported) {
        const quote = await db
          .selectFrom('quotes')
          .selectAll()
          .where('id', '=', o.source_quote_id!)
          .executeTakeFirstOrThrow();
        expect(quote.customer_id).toBe(o.customer_id);
        expect(quote.quote_date <= o.order_date).toBe(true);
      }
    });

    it('stages at most one current load per bay: bays 1 and 2', async () => {
      const loads = await db
        .selectFrom('orders')
        .select(['id', 'loading_bay'])
        .where('current_load', '=', 1)
        .where('loading_bay', '>', 0)
        .execute();
      const bays = loads.map((l) => l.loading_bay);
      expect(new Set(bays).size).toBe(bays.length);
      expect(bays.sort()).toEqual([1, 2]);
    });

    it('copies multipliers and use tax from the customer onto orders and quotes', async () => {
      for (const table of ['orders', 'quotes'] as const) {
        const rows = await db
          .selectFrom(table)
          .innerJoin('customers', 'customers.id', `${table}.customer_id`)
          .select([
            `${table}.use_tax as docUseTax`,
            `${table}.opener_multiplier_copy as o`,
            `${table}.residential_multiplier_copy as r`,
            `${table}.sectional_multiplier_copy as s`,
            `${table}.commercial_multiplier_copy as c`,
            'customers.use_tax',
            'customers.opener_multiplier',
            'customers.residential_multiplier',
            'customers.sectional_multiplier',
            'customers.commercial_multiplier',
          ])
          .execute();
        for (const r of rows) {
          expect([r.docUseTax, r.o, r.r, r.s, r.c]).toEqual([
            r.use_tax,
            r.opener_multiplier,
            r.residential_multiplier,
            r.sectional_multiplier,
            r.commercial_multiplier,
          ]);
        }
      }
    });

    it('links vendor orders to orders, once per pair', async () => {
      const vendor = await db.selectFrom('vendor_orders').selectAll().execute();
      expect(new Set(vendor.map((v) => v.status)).size).toBeGreaterThanOrEqual(3);
      for (const v of vendor) expect(v.estimated_arrival).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const links = await db.selectFrom('linked_orders').select(['order_id', 'vendor_order_id']).execute();
      expect(new Set(links.map((l) => `${l.order_id}:${l.vendor_order_id}`)).size).toBe(links.length);
    });

    it('refuses a second load and changes nothing', async () => {
      const before = await countAll(db);
      await expect(loadDemoData(db, { now: NOW })).rejects.toThrow(
        /already holds 20 customers, \d+ products and 6 vendor orders/,
      );
      expect(await countAll(db)).toEqual(before);
    });
  });
}

describe('demo data refusals and determinism', () => {
  const realRows = [
    { table: 'customers', values: { name: 'Real Customer Inc.' }, message: /already holds 1 customer;/ },
    { table: 'products', values: { item_no: 'REAL-1' }, message: /already holds 1 product;/ },
  ] as const;
  for (const real of realRows) {
    it(`refuses a database holding one real row of ${real.table}, and writes nothing`, async () => {
      const fresh = await freshSqlite();
      try {
        const t = NOW.toISOString();
        await fresh.database.db
          .insertInto(real.table)
          .values({ ...real.values, created_at: t, updated_at: t })
          .execute();
        await expect(loadDemoData(fresh.database.db)).rejects.toThrow(real.message);
        const counts = await countAll(fresh.database.db);
        expect({ ...counts, [real.table]: 0 }).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));
      } finally {
        await fresh.drop();
      }
    });
  }

  it('builds the same plan for the same clock, within the last 90 days', () => {
    const a = buildDemoPlan(NOW);
    expect(buildDemoPlan(new Date(NOW))).toEqual(a);
    const oldest = new Date(NOW.getTime() - 90 * DAY_MS).toISOString().slice(0, 10);
    for (const d of [...a.orders, ...a.quotes]) expect(d.date >= oldest).toBe(true);
    expect(DEMO_CUSTOMERS).toHaveLength(20);
  });
});
