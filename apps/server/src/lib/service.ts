import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isoAt, type Clock } from './clock.js';

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
