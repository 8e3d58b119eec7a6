/**
 * A change history record in plain words ("admin changed the price of line 2 (PKG-1607) from
 * $1,620.00 to $1,500.00"). The server records the values as text (money as "1620.00"); the
 * record's action says how to read them (docs/architecture.md section 9).
 */
import type { HistoryItem } from '@desk/domain';
import { formatMoney } from '../../lib/money';

/** The header fields as the forms label them. */
const FIELD_WORDS: Record<string, string> = {
  customer: 'customer',
  jobName: 'job name',
  poNumber: 'PO number',
  specialInstructions: 'special instructions',
  useTax: 'use tax',
  noPricePrint: 'no price print',
  orderStatus: 'status',
  orderPickup: 'ready for pickup',
  orderDate: 'order date',
  quoteDate: 'quote date',
  loadingBay: 'bay',
  itemNo: 'item number',
  itemDescription: 'description',
  streetAddress: 'street address',
  shipTo: 'ship-to address',
  zipCode: 'ZIP code',
};

/** Fields that hold money, recorded as "845.00". */
const MONEY_FIELDS = new Set(['wholesalePrice', 'modifierCostIncrease']);
const SWITCHES = new Set(['useTax', 'noPricePrint', 'orderPickup']);

/** 'wholesalePrice' -> 'wholesale price'; 'streetAddress.zipCode' -> 'street address ZIP code'. */
export function fieldWords(field: string): string {
  return field
    .split('.')
    .map((part) => FIELD_WORDS[part] ?? part.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase())
    .join(' ');
}

const quoted = (v: string | null) => (v === null || v === '' ? 'empty' : `"${v}"`);
const dollars = (v: string | null) => (v === null ? 'the list price' : `$${formatMoney(Number(v))}`);

/** The words after the user's name. */
export function historyWords(item: Pick<HistoryItem, 'action' | 'field' | 'from' | 'to'>, noun: string): string {
  const { field, from, to } = item;
  const what = field ?? 'it';
  switch (item.action) {
    case 'created':
      return to ? `created the ${noun} for ${to}` : `created the ${noun}`;
    case 'changed': {
      // The loaders' Grid Manager took it out of its bay (it is no longer the bay's current load).
      if (field === 'currentLoad') return `took the ${noun} out of ${from ?? 'its bay'}`;
      const label = field === null ? 'a field' : fieldWords(field);
      if (field !== null && SWITCHES.has(field)) return `turned ${label} ${to === 'yes' ? 'on' : 'off'}`;
      if (field !== null && MONEY_FIELDS.has(field))
        return `changed the ${label} from ${from === null ? 'none' : dollars(from)} to ${to === null ? 'none' : dollars(to)}`;
      return `changed the ${label} from ${quoted(from)} to ${quoted(to)}`;
    }
    case 'multipliers-refreshed':
      return `refreshed the multipliers from ${from ?? 'none'} to ${to ?? 'none'}`;
    case 'line-added':
      return `added ${what}, quantity ${to ?? ''}`.trim();
    case 'line-removed':
      return `removed ${what} (quantity ${from ?? ''})`;
    case 'quantity-changed':
      return `changed the quantity of ${what} from ${from ?? ''} to ${to ?? ''}`;
    case 'price-override':
      if (to === null) return `cleared the price of ${what} (was ${dollars(from)}), back to the list price`;
      return `changed the price of ${what} from ${dollars(from)} to ${dollars(to)}`;
    case 'modifier-applied':
      return `applied ${to ?? 'a modifier'} to ${what}`;
    case 'modifier-changed':
      return `changed ${from ?? 'a modifier'} to ${to ?? 'none'} on ${what}`;
    case 'modifier-removed':
      return `removed ${from ?? 'a modifier'} from ${what}`;
    case 'sub-part-added':
      return `added ${to ?? 'a part'} to ${what}`;
    case 'sub-part-removed':
      return `removed ${from ?? 'a part'} from ${what}`;
    case 'sub-part-notes':
      return `changed ${what} from ${from ?? 'no notes'} to ${to ?? 'no notes'}`;
    case 'duplicated':
      return `duplicated the ${noun} as ${to ?? 'a copy'}`;
    case 'copied-from':
      return `created the ${noun} as a copy of ${from ?? 'another'}`;
    case 'revised':
      return `made ${to ?? 'a new revision'} from ${from ?? 'this revision'}`;
    case 'revision-of':
      return `created ${to ?? 'this revision'} from ${from ?? 'an earlier one'}`;
    case 'exported':
      return `exported the ${noun} to ${to ?? 'an order'}`;
    case 'exported-from':
      return `created the ${noun} from ${from ?? 'a quote'}`;
    case 'bay-assigned':
      return `placed the ${noun} in ${to ?? 'a bay'}`;
    case 'bay-completed':
      return `completed the load in ${from ?? 'its bay'}`;
    case 'emailed':
      return `e-mailed the ${noun} to ${to ?? 'the customer'}${field ? ` ("${field}")` : ''}`;
    case 'bulk-price':
      return `changed the ${fieldWords(field ?? 'wholesalePrice')} from ${dollars(from)} to ${dollars(to)} in a bulk price change`;
    case 'import':
      // A record made by an import names it; a changed field reads as a change, from a file.
      if (field === null) return `imported the ${noun}${to ? ` ${to}` : ''} from a file`;
      return `${historyWords({ ...item, action: 'changed' }, noun)} in an import`;
    case 'received':
      return to ? `received ${to} of ${what}` : `received ${what}`;
    case 'deleted':
      return `deleted the ${noun}`;
  }
}
