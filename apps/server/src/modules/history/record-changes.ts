/**
 * The changes between two versions of a record as the API answers it (a customer, a product):
 * one 'changed' per field whose value differs, values as text (docs/architecture.md section 9).
 */
import { plainCents, toCents } from '@desk/domain';
import type { Change } from './history.repository.js';

/** Fields that are bookkeeping or counted from elsewhere, not the record's content. */
const SKIPPED = new Set(['id', 'version', 'createdAt', 'updatedAt', 'isPackage', 'openOrders']);

/** An amount of dollars as the history keeps it: two decimals, no thousands separators ("1234.50"). */
const moneyText = (dollars: number): string => plainCents(toCents(dollars));

/** A value as the history keeps it: money "845.00", switches "yes"/"no", text as typed. */
function text(value: unknown, money: boolean): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return money ? moneyText(value) : String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A nested object (an address) is compared part by part: field "streetAddress.city". */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  moneyFields: readonly string[] = [],
  prefix = '',
): Change[] {
  const out: Change[] = [];
  for (const key of Object.keys(after)) {
    if (SKIPPED.has(key)) continue;
    const field = `${prefix}${key}`;
    if (isPlainObject(after[key])) {
      const was = isPlainObject(before[key]) ? before[key] : {};
      out.push(...describeChanges(was, after[key], moneyFields, `${field}.`));
      continue;
    }
    const money = moneyFields.includes(field);
    const from = text(before[key], money);
    const to = text(after[key], money);
    if (from !== to) out.push({ action: 'changed', field, from, to });
  }
  return out;
}
