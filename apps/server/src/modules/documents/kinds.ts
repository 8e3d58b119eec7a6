/** The tables and names of each document kind: one implementation serves orders and quotes. */
import type { ColumnType, Insertable, Kysely, Updateable } from 'kysely';
import type { DocumentKind } from '@desk/domain';
import type { DB, OrderPartModifiersTable, OrderPartsTable, OrderSubPartsTable, OrdersTable } from '../../db/schema.js';
import type { Db } from '../../lib/sql.js';

export interface KindTables {
  kind: DocumentKind;
  label: 'Order' | 'Quote';
  header: 'orders' | 'quotes';
  parts: 'order_parts' | 'quote_parts';
  mods: 'order_part_modifiers' | 'quote_part_modifiers';
  subs: 'order_sub_parts' | 'quote_sub_parts';
  /** Line -> document column. */
  docFk: 'order_id' | 'quote_id';
  /** Sub-part / applied modifier -> line column. */
  partFk: 'order_part_id' | 'quote_part_id';
  dateColumn: 'order_date' | 'quote_date';
  dateField: 'orderDate' | 'quoteDate';
}

export const KINDS: Record<DocumentKind, KindTables> = {
  order: {
    kind: 'order',
    label: 'Order',
    header: 'orders',
    parts: 'order_parts',
    mods: 'order_part_modifiers',
    subs: 'order_sub_parts',
    docFk: 'order_id',
    partFk: 'order_part_id',
    dateColumn: 'order_date',
    dateField: 'orderDate',
  },
  quote: {
    kind: 'quote',
    label: 'Quote',
    header: 'quotes',
    parts: 'quote_parts',
    mods: 'quote_part_modifiers',
    subs: 'quote_sub_parts',
    docFk: 'quote_id',
    partFk: 'quote_part_id',
    dateColumn: 'quote_date',
    dateField: 'quoteDate',
  },
};

/**
 * Both kinds' tables seen through one row shape per role (header, line, sub-part, applied
 * modifier). The columns that differ by kind (the foreign keys, the date, the order-only status)
 * are present in the shape under both names and optional on insert; the code names them through
 * KindTables, so a query reads and writes only the ones its kind has.
 */
type KindColumns<C extends string, T> = { [K in C]: ColumnType<T, T | undefined, T> };

type DocHeaderRow = Omit<OrdersTable, 'order_date' | 'order_status_id'> &
  KindColumns<KindTables['dateColumn'], string> &
  KindColumns<'order_status_id', number> &
  // Quotes only (migration 2026112510).
  KindColumns<'quote_status', string> &
  KindColumns<'quote_number', number | null> &
  KindColumns<'revision' | 'superseded', number>;
type DocPartRow = Omit<OrderPartsTable, 'order_id'> & KindColumns<KindTables['docFk'], number>;
type DocModRow = Omit<OrderPartModifiersTable, 'order_part_id'> & KindColumns<KindTables['partFk'], number>;
type DocSubRow = Omit<OrderSubPartsTable, 'order_part_id'> & KindColumns<KindTables['partFk'], number>;

export type DocDB = Omit<DB, KindTables['header' | 'parts' | 'mods' | 'subs']> & {
  [T in KindTables['header']]: DocHeaderRow;
} & { [T in KindTables['parts']]: DocPartRow } & { [T in KindTables['mods']]: DocModRow } & {
  [T in KindTables['subs']]: DocSubRow;
};

export type DocHeaderValues = Insertable<DocHeaderRow>;
export type DocHeaderUpdate = Updateable<DocHeaderRow>;
export type DocPartUpdate = Updateable<DocPartRow>;
/** A line's columns, without the document it belongs to (the repository adds it). */
export type DocPartValues = Omit<Insertable<DocPartRow>, KindTables['docFk']>;
/** A sub-part's or an applied modifier's columns, without the line it belongs to (the repository adds it). */
export type DocSubValues = Omit<Insertable<DocSubRow>, KindTables['partFk']>;
export type DocModValues = Omit<Insertable<DocModRow>, KindTables['partFk']>;

/**
 * The database seen through DocDB. The one cast of the module: the same connection (or
 * transaction), only its row types widened as described above.
 */
export const docDb = (db: Db) => db as unknown as Kysely<DocDB>;
