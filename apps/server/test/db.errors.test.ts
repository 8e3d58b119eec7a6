/** isUniqueViolation on real inserts that break a unique index, on each engine. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/lib/db-errors.js';
import { createTestDb, engines, type TestDb } from './support.js';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error('the statement did not fail');
}

for (const kind of engines()) {
  describe(`isUniqueViolation on ${kind}`, () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb(kind);
    });
    afterAll(async () => {
      await t?.drop();
    });

    it('recognises a duplicate value of a unique column, and names its table and column', async () => {
      const db = t.database.db;
      const existing = await db.selectFrom('product_types').select(['id', 'type']).executeTakeFirstOrThrow();
      const e = await failure(() => db.insertInto('product_types').values({ type: existing.type }).execute());
      expect(isUniqueViolation(e)).toBe(true);
      expect(isUniqueViolation(e, { table: 'product_types' })).toBe(true);
      expect(isUniqueViolation(e, { table: 'product_types', columns: ['type'] })).toBe(true);
      expect(isUniqueViolation(e, { table: 'products' })).toBe(false);
      expect(isUniqueViolation(e, { table: 'product_types', columns: ['id'] })).toBe(false);
    });

    it('recognises a duplicate primary key', async () => {
      const db = t.database.db;
      const existing = await db.selectFrom('product_types').select('id').executeTakeFirstOrThrow();
      const e = await failure(() =>
        db.insertInto('product_types').values({ id: existing.id, type: 'Never seen type' }).execute(),
      );
      expect(isUniqueViolation(e)).toBe(true);
      expect(isUniqueViolation(e, { table: 'product_types', columns: ['id'] })).toBe(true);
    });

    it('recognises a duplicate in an expression index (usernames differ only in case)', async () => {
      const db = t.database.db;
      const user = (name: string) => ({
        username: name,
        password_hash: 'x',
        created_at: '2026-11-02T09:00:00.000Z',
        updated_at: '2026-11-02T09:00:00.000Z',
      });
      await db.insertInto('users').values(user('Unique-Probe')).execute();
      const e = await failure(() => db.insertInto('users').values(user('unique-probe')).execute());
      expect(isUniqueViolation(e)).toBe(true);
    });

    it('is false for other failures and for things that are not database errors', async () => {
      const db = t.database.db;
      const notNull = await failure(() => sql`insert into product_types (type) values (null)`.execute(db));
      expect(isUniqueViolation(notNull)).toBe(false);
      const syntax = await failure(() => sql`select from from`.execute(db));
      expect(isUniqueViolation(syntax)).toBe(false);
      expect(isUniqueViolation(new Error('UNIQUE constraint failed: product_types.type'))).toBe(false);
      expect(isUniqueViolation(null)).toBe(false);
      expect(isUniqueViolation('23505')).toBe(false);
    });
  });
}
