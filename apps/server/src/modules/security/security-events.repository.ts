/** The SQL of the security event log. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Page } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { runPagedList, tableColumns, type ListQuery } from '../../lib/paging.js';

type Executor = Kysely<DB> | Transaction<DB>;

export interface NewSecurityEvent {
  at: string;
  type: string;
  userId?: number | null;
  username?: string | null;
  actor?: string | null;
  address?: string | null;
  detail?: string | null;
}

export interface SecurityEventRow {
  id: number | string;
  at: string;
  type: string;
  username: string | null;
  actor: string | null;
  address: string | null;
  detail: string | null;
}

export async function insertEvent(db: Executor, e: NewSecurityEvent): Promise<void> {
  await db
    .insertInto('security_events')
    .values({
      at: e.at,
      type: e.type,
      user_id: e.userId ?? null,
      username: e.username?.slice(0, 256) ?? null,
      actor: e.actor?.slice(0, 256) ?? null,
      address: e.address?.slice(0, 64) ?? null,
      detail: e.detail?.slice(0, 500) ?? null,
    })
    .execute();
}

const EVENT_FIELDS = ['id', 'at', 'type', 'username', 'actor', 'address', 'detail'] as const;
export const EVENT_COLUMNS = tableColumns('security_events', EVENT_FIELDS);

export function listEvents<T>(db: Executor, query: ListQuery, map: (r: SecurityEventRow) => T): Promise<Page<T>> {
  return runPagedList({
    base: db.selectFrom('security_events'),
    select: (qb) => qb.select(EVENT_FIELDS),
    columns: EVENT_COLUMNS,
    query,
    idColumn: sql`security_events.id`,
    map,
  });
}

export async function deleteBefore(db: Executor, before: string): Promise<number> {
  const res = await db.deleteFrom('security_events').where('at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
