/** The company_settings row (id 1): the letterhead, read per request and saved by administrators. */
import { sql } from 'kysely';
import type { CompanySettingsUpdate } from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import type { CompanySettingsTable } from '../../db/schema.js';

export type CompanySettingsRow = Omit<CompanySettingsTable, 'version'> & { version: number };

export async function findCompanySettings(db: Db): Promise<CompanySettingsRow | undefined> {
  return db.selectFrom('company_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/**
 * Saves every field in one statement; with a version, only when the row still has it (a save
 * from a stale form changes nothing). Answers whether the row was written.
 */
export async function updateCompanySettings(db: Db, input: CompanySettingsUpdate, updatedAt: string): Promise<boolean> {
  let q = db
    .updateTable('company_settings')
    .set({
      name: input.name,
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      phone: input.phone,
      email: input.email,
      quote_validity_days: input.quoteValidityDays,
      terms: input.terms,
      updated_at: updatedAt,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', 1);
  if (input.version !== undefined) q = q.where('version', '=', input.version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
