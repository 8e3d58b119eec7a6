/**
 * The security log: sign-ins and their failures, throttling, password and two-factor changes,
 * users added and removed, sessions ended. Administrators read it in Admin > Security; events
 * are kept SECURITY_EVENT_RETENTION_DAYS (at least 90) and then swept.
 */
import type { Kysely, Transaction } from 'kysely';
import { SECURITY_EVENT_RETENTION_DAYS, type Page, type SecurityEvent, type SecurityEventType } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { parseListQuery } from '../../lib/paging.js';
import * as repo from './security-events.repository.js';

export interface EventInput {
  type: SecurityEventType;
  userId?: number | null;
  username?: string | null;
  /** Who did it, when not the user themselves (an administrator). */
  actor?: string | null;
  address?: string | null;
  detail?: string | null;
}

export class SecurityEvents {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Records an event; inside `trx` when it belongs to a change, so both happen or neither. */
  record(event: EventInput, trx?: Transaction<DB>): Promise<void> {
    return repo.insertEvent(trx ?? this.db, { ...event, at: isoAt(this.clock()) });
  }

  /** Paged like the other lists: page, size, sort, and contains filters on every column. */
  list(query: Record<string, unknown>): Promise<Page<SecurityEvent>> {
    const q = parseListQuery(query, Object.keys(repo.EVENT_COLUMNS), '-id');
    // Always paged: the log grows, so it is never answered whole.
    return repo.listEvents(this.db, { ...q, paged: true }, (r) => ({
      id: Number(r.id),
      at: r.at,
      type: r.type as SecurityEventType,
      username: r.username,
      actor: r.actor,
      address: r.address,
      detail: r.detail,
    }));
  }

  purge(): Promise<number> {
    return repo.deleteBefore(this.db, isoAt(this.clock() - SECURITY_EVENT_RETENTION_DAYS * 86_400_000));
  }
}
