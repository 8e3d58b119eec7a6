/**
 * Migration 2026112900 (issue 36, defects 1 and 2; docs/decisions/023-unique-numbers.md): customer
 * and item numbers unique with case and surrounding spaces ignored, enforced by the database. A
 * database that already holds clashes keeps every row, and the migration says which in words.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import * as uniqueNumbers from '../src/db/migrations/2026112900_unique_numbers.js';
import { createTestDb, engines, type TestDb } from './support.js';

const now = '2026-11-02T09:00:00.000Z';

describe.each(engines())('migration 2026112900_unique_numbers with clashes present (%s)', (engine) => {
  let t: TestDb;
  let db: Kysely<any>;
  beforeAll(async () => {
    t = await createTestDb(engine);
    db = t.database.db as Kysely<any>;
  });
  afterAll(async () => t?.drop());
  afterEach(() => vi.restoreAllMocks());

  it('keeps clashing customers and products, reports each clash in words, and enforces the rule from then on', async () => {
    // A database from before the rule: undo the migration and write what the old rules allowed.
    await uniqueNumbers.down(db);
    const customer = async (name: string, customer_no: string | null) =>
      (
        await db
          .insertInto('customers')
          .values({ name, customer_no, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const acme = await customer('Acme Doors', 'C-1001');
    const acme2 = await customer('Acme Doors Inc', ' c-1001 ');
    const free = await customer('Bravo Doors', 'C-2000');
    await customer('No Number', null);
    await customer('No Number Either', '');
    const product = async (item_no: string) =>
      (
        await db
          .insertInto('products')
          .values({ item_no, item_description: `${item_no} seal`, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const seal = await product('SEAL-T-16');
    const seal2 = await product('seal-t-16 ');

    const said: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void said.push(args.join(' ')));
    await uniqueNumbers.up(db);

    expect(said).toEqual([
      `Customer No C-1001 is used by 2 customers: Acme Doors (customer ${acme}, 'C-1001'), Acme Doors Inc (customer ${acme2}, ' c-1001 '). All are kept; customer ${acme} holds the number, and the others must get numbers of their own before they are next saved.`,
      `Item No SEAL-T-16 is used by 2 products: product ${seal} 'SEAL-T-16', product ${seal2} 'seal-t-16 '. All are kept; product ${seal} holds the number, and the others must get numbers of their own before they are next saved.`,
    ]);
    // Nothing was lost or changed.
    const customers = await db.selectFrom('customers').select(['id', 'customer_no']).orderBy('id').execute();
    expect(customers.filter((c) => [acme, acme2, free].includes(c.id)).map((c) => c.customer_no)).toEqual([
      'C-1001',
      ' c-1001 ',
      'C-2000',
    ]);
    const products = await db
      .selectFrom('products')
      .select('item_no')
      .where('id', 'in', [seal, seal2])
      .orderBy('id')
      .execute();
    expect(products.map((p) => p.item_no)).toEqual(['SEAL-T-16', 'seal-t-16 ']);

    // From now on the database refuses a new clash, whoever writes.
    await expect(customer('Charlie Doors', 'c-2000')).rejects.toThrow();
    await expect(customer('Delta Doors', 'C-1001 ')).rejects.toThrow();
    await expect(product('Seal-T-16')).rejects.toThrow();
    await expect(
      db.updateTable('customers').set({ customer_no: 'C-2000' }).where('id', '=', acme2).execute(),
    ).rejects.toThrow();
    // The customer left out of the rule is held to it once its number is written again, and free with a new one.
    await db.updateTable('customers').set({ customer_no: 'C-1002' }).where('id', '=', acme2).execute();
    await expect(customer('Echo Doors', 'c-1002')).rejects.toThrow();
    expect(await customer('Numberless', null)).toBeGreaterThan(0);
    const keys = await sql<{
      n: number | string;
    }>`select count(*) as n from customers where customer_no_key is not null`.execute(db);
    expect(Number(keys.rows[0]!.n)).toBe(3);
  });

  it('says nothing on a database without clashes', async () => {
    const said: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void said.push(args.join(' ')));
    await db.deleteFrom('customers').where('customer_no', '=', ' c-1001 ').execute();
    await db.deleteFrom('products').where('item_no', '=', 'seal-t-16 ').execute();
    await uniqueNumbers.down(db);
    await uniqueNumbers.up(db);
    expect(said).toEqual([]);
  });
});
