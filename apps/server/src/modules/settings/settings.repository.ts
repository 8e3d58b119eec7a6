/**
 * The two settings rows (id 1 each): company_settings, the letterhead, and email_settings, the
 * subjects, bodies and forward address of the document e-mails and the ready-for-pickup e-mail. Read per request, saved by
 * administrators with a version guard.
 */
import type { Updateable } from 'kysely';
import type { CompanySettingsUpdate, EmailConfig, StoredEmailConfig } from '@desk/domain';
import { flag, writeVersioned, type Db } from '../../lib/sql.js';
import type { CompanySettingsTable, EmailSettingsTable } from '../../db/schema.js';

export type CompanySettingsRow = Omit<CompanySettingsTable, 'version' | 'dashboard_for_staff' | 'price_loose_parts'> & {
  version: number;
  dashboard_for_staff: number;
  price_loose_parts: number;
};

export async function findCompanySettings(db: Db): Promise<CompanySettingsRow | undefined> {
  return db.selectFrom('company_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/**
 * Saves every field in one statement; with a version, only when the row still has it (a save
 * from a stale form changes nothing). Answers whether the row was written.
 */
export function updateCompanySettings(db: Db, input: CompanySettingsUpdate, updatedAt: string): Promise<boolean> {
  const values = {
    name: input.name,
    street: input.street,
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone: input.phone,
    email: input.email,
    quote_validity_days: input.quoteValidityDays,
    terms: input.terms,
    ...(input.hours === undefined ? {} : { hours: input.hours }),
    ...(input.priceLooseParts === undefined ? {} : { price_loose_parts: flag(input.priceLooseParts) }),
  } satisfies Updateable<CompanySettingsTable>;
  return writeVersioned(db, 'company_settings', 1, input.version, values, updatedAt);
}

/**
 * A seeded letterhead (cli/demo-data.ts): written only while the row is as installed (version 1,
 * so a letterhead an administrator saved stays), and the row stays at version 1.
 */
export async function seedCompanySettings(
  db: Db,
  values: Omit<Updateable<CompanySettingsTable>, 'id' | 'version' | 'updated_at'>,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('company_settings')
    .set({ ...values, updated_at: updatedAt })
    .where('id', '=', 1)
    .where('version', '=', 1)
    .execute();
}

/**
 * The company setting "Price loose parts" (docs/decisions/028), 0 or 1, as a new order or quote
 * captures it; no row yet: off.
 */
export async function priceLoosePartsFlag(db: Db): Promise<0 | 1> {
  const row = await db
    .selectFrom('company_settings')
    .select('price_loose_parts')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.price_loose_parts === 1 ? 1 : 0;
}

/** The e-mail settings row as the API answers it. The migrations create it; it is never missing. */
export async function findEmailSettings(db: Db): Promise<StoredEmailConfig> {
  const r = await db.selectFrom('email_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    quoteSubject: r.quote_subject,
    quoteBody: r.quote_body,
    orderSubject: r.order_subject,
    orderBody: r.order_body,
    emailForward: r.email_forward,
    readyForPickupEmail: r.ready_enabled === 1,
    readySubject: r.ready_subject,
    readyBody: r.ready_body,
    version: r.version,
  };
}

/** Saves the e-mail settings like updateCompanySettings: answers whether the row was written. */
export function updateEmailSettings(db: Db, input: EmailConfig, updatedAt: string): Promise<boolean> {
  const values = {
    quote_subject: input.quoteSubject,
    quote_body: input.quoteBody,
    order_subject: input.orderSubject,
    order_body: input.orderBody,
    email_forward: input.emailForward,
    ...(input.readyForPickupEmail === undefined ? {} : { ready_enabled: flag(input.readyForPickupEmail) }),
    ...(input.readySubject === undefined ? {} : { ready_subject: input.readySubject }),
    ...(input.readyBody === undefined ? {} : { ready_body: input.readyBody }),
  } satisfies Updateable<EmailSettingsTable>;
  return writeVersioned(db, 'email_settings', 1, input.version, values, updatedAt);
}
