/**
 * What an order's or a quote's change history records (docs/architecture.md section 9): the
 * changes of a header update worked out from the row before and the values written, and the
 * texts the records carry (a line as "line 2 (PKG-1607)", money as "1620.00", switches as
 * "yes"/"no"). The service records them in the transaction of the change.
 */
import { multiplierFromScaled, plainCents } from '@desk/domain';
import type { Change } from '../history/history.repository.js';
import type { DocHeaderUpdate, KindTables } from './kinds.js';
import type { HeaderRow } from './documents.headers.repository.js';

/** Money as the history has always recorded it: two decimals, no thousands separators ("1620.00"). */
export const moneyText = (cents: number | null) => (cents === null ? null : plainCents(cents));
export const yesNo = (v: number | boolean | null | undefined) => (v === 1 || v === true ? 'yes' : 'no');
export const customerText = (c: { customer_no: string | null; name: string }) =>
  c.customer_no ? `${c.customer_no} ${c.name}` : c.name;

const MULTIPLIERS = ['opener', 'residential', 'sectional', 'commercial'] as const;
type Copies = Record<`${(typeof MULTIPLIERS)[number]}_multiplier_copy`, number>;
/** "opener 0.5, residential 0.55, sectional 0.6, commercial 0.65" */
export const multipliersText = (r: Partial<Copies>) =>
  MULTIPLIERS.map((m) => `${m} ${multiplierFromScaled(r[`${m}_multiplier_copy`] ?? 0)}`).join(', ');

/** The header's text fields and switches: API name, column, how the value reads. */
const HEADER_FIELDS = [
  ['jobName', 'job_name', (v: unknown) => (v as string | null) ?? null],
  ['poNumber', 'po_number', (v: unknown) => (v as string | null) ?? null],
  ['specialInstructions', 'special_instructions', (v: unknown) => (v as string | null) ?? null],
  ['useTax', 'use_tax', (v: unknown) => yesNo(v as number)],
  ['noPricePrint', 'no_price_print', (v: unknown) => yesNo(v as number)],
] as const;

/**
 * The changes an update makes: each header field whose value differs, the customer, the date,
 * the order's status and pickup switch, and the multipliers when they were copied again.
 */
export function headerChanges(
  k: KindTables,
  before: HeaderRow,
  values: DocHeaderUpdate,
  names: {
    customer?: { customer_no: string | null; name: string } | undefined;
    statusBefore?: string | null | undefined;
    statusAfter?: string | null | undefined;
  },
  refreshed: boolean,
): Change[] {
  const out: Change[] = [];
  const row = before as unknown as Record<string, unknown>;
  const next = values as Record<string, unknown>;
  if (values.customer_id !== undefined && values.customer_id !== before.customer_id && names.customer) {
    out.push({
      action: 'changed',
      field: 'customer',
      from: customerText({ customer_no: before.customer_no, name: before.customer_name }),
      to: customerText(names.customer),
    });
  }
  for (const [field, column, text] of HEADER_FIELDS) {
    if (!(column in next) || next[column] === undefined) continue;
    const from = text(row[column]);
    const to = text(next[column]);
    if (from !== to) out.push({ action: 'changed', field, from, to });
  }
  const dateColumn = k.dateColumn;
  if (next[dateColumn] !== undefined && next[dateColumn] !== row[dateColumn]) {
    out.push({
      action: 'changed',
      field: k.kind === 'order' ? 'orderDate' : 'quoteDate',
      from: (row[dateColumn] as string | null) ?? null,
      to: next[dateColumn] as string,
    });
  }
  if (k.kind === 'order') {
    if (names.statusAfter !== undefined && names.statusBefore !== names.statusAfter) {
      out.push({ action: 'changed', field: 'orderStatus', from: names.statusBefore ?? null, to: names.statusAfter });
    }
    if (next.order_pickup !== undefined && yesNo(row.order_pickup as number) !== yesNo(next.order_pickup as number)) {
      out.push({
        action: 'changed',
        field: 'orderPickup',
        from: yesNo(row.order_pickup as number),
        to: yesNo(next.order_pickup as number),
      });
    }
  }
  if (refreshed) {
    const from = multipliersText(before);
    const to = multipliersText(values as Partial<Copies>);
    if (from !== to || values.customer_id === before.customer_id)
      out.push({ action: 'multipliers-refreshed', field: 'multipliers', from, to });
  }
  return out;
}
