import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isoAt, type Clock } from './clock.js';
import { found } from './errors.js';
import type { Page } from '@desk/domain';
import type { ListQuery } from './paging.js';
import { updateVersioned, VERSIONED_LABELS, type Db, type VersionedTable } from './sql.js';
import type { HistorySubject } from '@desk/domain';
import { insertChangeRows, type Actor, type Change } from '../modules/history/history.repository.js';
import { describeChanges } from '../modules/history/record-changes.js';

/** A service over the database that stamps the rows it writes with the injected clock's time. */
export abstract class ClockedService {
  constructor(
    protected readonly db: Kysely<DB>,
    protected readonly clock: Clock,
  ) {}

  /** Now, as the rows store it (ISO 8601). */
  protected now(): string {
    return isoAt(this.clock());
  }
}

/** What a record's repository offers the service's list, get, create and update. */
export interface RecordRepository<T, Input> {
  listAll(db: Db): Promise<T[]>;
  listPage(db: Db, query: ListQuery): Promise<Page<T>>;
  findById(db: Db, id: number): Promise<T | null>;
  insert(db: Db, input: Input, now: string): Promise<number>;
  /** The columns an update writes. */
  values(input: Input): Record<string, unknown>;
}

/**
 * The common part of a versioned record's service (customers, vendor orders): the lists, one
 * record or a 404, a create that answers the stored record, and an update guarded by the version
 * the user started from (a stale one answers 409). Each service adds its own rules (deletes).
 */
export abstract class RecordService<T, Input extends { version?: number | undefined }> extends ClockedService {
  protected abstract readonly table: VersionedTable;
  protected abstract readonly records: RecordRepository<T, Input>;
  /** Set when the record keeps a change history (docs/architecture.md section 9). */
  protected readonly historySubject: HistorySubject | undefined = undefined;
  /** Its fields that hold money (recorded as "845.00"). */
  protected readonly moneyFields: readonly string[] = [];

  /** Records changes in the caller's transaction, when the record keeps a history. */
  protected async record(db: Db, actor: Actor | undefined, id: number, changes: readonly Change[]) {
    if (this.historySubject && actor) await insertChangeRows(db, actor, this.now(), this.historySubject, id, changes);
  }

  list(): Promise<T[]> {
    return this.records.listAll(this.db);
  }

  page(query: ListQuery): Promise<Page<T>> {
    return this.records.listPage(this.db, query);
  }

  async get(id: number, db: Db = this.db): Promise<T> {
    return found(await this.records.findById(db, id), `${VERSIONED_LABELS[this.table]} ${id} does not exist.`);
  }

  async create(input: Input, actor?: Actor): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const id = await this.records.insert(trx, input, this.now());
      const record = await this.get(id, trx);
      await this.record(trx, actor, id, [{ action: 'created', to: this.describe(record) }]);
      return record;
    });
  }

  /** A changed record, and in its history each field that changed, in one transaction. */
  async update(id: number, input: Input, actor?: Actor): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await updateVersioned(trx, this.table, id, input.version, this.records.values(input), this.now());
      const after = await this.get(id, trx);
      const changes = describeChanges(
        before as Record<string, unknown>,
        after as Record<string, unknown>,
        this.moneyFields,
      );
      await this.record(trx, actor, id, changes);
      return after;
    });
  }

  /** How the history names a record when it is created or deleted. */
  protected describe(record: T): string | null {
    const r = record as Record<string, unknown>;
    return typeof r.name === 'string' ? r.name : null;
  }
}
