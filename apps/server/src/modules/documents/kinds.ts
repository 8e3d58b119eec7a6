/** The tables and names of each document kind: one implementation serves orders and quotes. */
import type { DocumentKind } from '@desk/domain';

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
