import { formatCents, toCents } from '@desk/domain';

/** Dollars from the API as the catalogue shows them: two decimals with thousands separators. */
export function formatMoney(dollars: number | null | undefined): string {
  return typeof dollars === 'number' && Number.isFinite(dollars) ? formatCents(toCents(dollars)) : '';
}
