import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isoAt, type Clock } from './clock.js';
import { found } from './errors.js';
import type { Page } from '@desk/domain';
import type { ListQuery } from './paging.js';
import { updateVersioned, VERSIONED_LABELS, type Db, type VersionedTable } from './sql.js';

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

  list(): Promise<T[]> {
    return this.records.listAll(this.db);
  }

  page(query: ListQuery): Promise<Page<T>> {
    return this.records.listPage(this.db, query);
  }

  async get(id: number, db: Db = this.db): Promise<T> {
    return found(await this.records.findById(db, id), `${VERSIONED_LABELS[this.table]} ${id} does not exist.`);
  }

  async create(input: Input): Promise<T> {
    return this.get(await this.records.insert(this.db, input, this.now()));
  }

  async update(id: number, input: Input): Promise<T> {
    await updateVersioned(this.db, this.table, id, input.version, this.records.values(input), this.now());
    return this.get(id);
  }
}
