/**
 * Company settings: the letterhead on every PDF and the values of the {company...} e-mail
 * placeholders. Read from the database on every use, never cached in the process: several app
 * instances share one database, and a save on one must show on the next document of any other.
 */
import type { Kysely } from 'kysely';
import {
  companyAddress,
  defaultCompanySettings,
  type CompanySettings,
  type CompanySettingsUpdate,
  type EmailConfig,
  type StoredEmailConfig,
} from '@desk/domain';
import type { DB } from '../../db/schema.js';
import type { Db } from '../../lib/sql.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import * as repo from './settings.repository.js';

export class SettingsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    /** COMPANY_NAME of the configuration: the name until an administrator saves one. */
    private readonly defaultName: string,
  ) {}

  async company(db: Db = this.db): Promise<CompanySettings> {
    const row = await repo.findCompanySettings(db);
    if (!row) return defaultCompanySettings(this.defaultName);
    return {
      name: row.name?.trim() || this.defaultName,
      street: row.street,
      city: row.city,
      state: row.state,
      zip: row.zip,
      phone: row.phone,
      email: row.email,
      quoteValidityDays: row.quote_validity_days,
      terms: row.terms,
      hours: row.hours,
      priceLooseParts: row.price_loose_parts === 1,
      version: row.version,
    };
  }

  async saveCompany(input: CompanySettingsUpdate): Promise<CompanySettings> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateCompanySettings(trx, input, isoAt(this.clock()))))
        throw conflict('The company settings were changed by someone else; reload them and try again.');
      return this.company(trx);
    });
  }

  /** The subjects, bodies and forward address of the document e-mails (Admin > Email Management). */
  async emailConfig(db: Db = this.db): Promise<StoredEmailConfig> {
    return repo.findEmailSettings(db);
  }

  async saveEmailConfig(input: EmailConfig): Promise<StoredEmailConfig> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateEmailSettings(trx, input, isoAt(this.clock()))))
        throw conflict('The e-mail settings were changed by someone else; reload them and try again.');
      return this.emailConfig(trx);
    });
  }
}

/** The values of the company placeholders in e-mail subjects and bodies. */
export function companyPlaceholders(s: CompanySettings) {
  return {
    companyName: s.name,
    companyPhone: s.phone ?? '',
    companyEmail: s.email ?? '',
    companyAddress: companyAddress(s),
    companyHours: s.hours ?? '',
  };
}
