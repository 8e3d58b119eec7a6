/**
 * The one place the web app turns money into text. Amounts come from the API as dollars (a
 * number with at most two decimals) or as integer cents; both show as '1,108.50'.
 */
import { formatCents, rateToScaled, toCents } from '@desk/domain';

/** Dollars from the API, two decimals with thousands separators ('1,108.50'); '' when absent. */
export function formatMoney(dollars: number | null | undefined): string {
  return typeof dollars === 'number' && Number.isFinite(dollars) ? formatCents(toCents(dollars)) : '';
}

/** Integer cents, as the cart shows them ('1,108.50'). */
export const formatMoneyCents = (cents: number): string => formatCents(cents);

/** Dollars as an input field holds them for editing: two decimals, no separators ('1108.50'). */
export const formatMoneyInput = (dollars: number): string => dollars.toFixed(2);

/**
 * The tax rate as a percentage for the 'Tax (9.75)' label: 0.0975 -> '9.75', 0.08 -> '8.00',
 * 0.09125 -> '9.125'. Exact: the rate is scaled to parts per million first.
 */
export function formatTaxPercent(taxRate: number): string {
  const ppm = rateToScaled(taxRate); // 0.0975 -> 97500
  const hundredths = ppm / 100; // percent x 100, e.g. 975
  const whole = Math.trunc(ppm / 10_000);
  if (Number.isInteger(hundredths)) {
    return `${whole}.${String(Math.abs(hundredths) % 100).padStart(2, '0')}`;
  }
  // More than two decimals: show them all, without trailing zeros.
  return String(ppm / 10_000);
}
