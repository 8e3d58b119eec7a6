/**
 * The one place the web app converts and writes money, all on the domain's rules
 * (packages/domain/src/money.ts; docs/architecture.md section 1). Amounts come from the API as
 * dollars (a number with at most two decimals) or as integer cents; both show as '1,108.50'.
 */
import { formatCents, fromCents, plainCents, rateToScaled, toCents } from '@desk/domain';

export { fromCents, toCents };

/** Dollars from the API, two decimals with thousands separators ('1,108.50'); '' when absent. */
export function formatMoney(dollars: number | null | undefined): string {
  return typeof dollars === 'number' && Number.isFinite(dollars) ? formatCents(toCents(dollars)) : '';
}

/** Integer cents, as the cart shows them ('1,108.50'). */
export const formatMoneyCents = (cents: number): string => formatCents(cents);

/** Integer cents with the dollar sign, as the dashboard shows them ('$1,108.50', '-$5.00'). */
export const formatCurrencyCents = (cents: number): string => formatCents(cents, { currency: true });

/**
 * Integer cents in whole dollars for a chart's axis: '$120', and thousands as k from $1,000
 * ('$12k'); each rounded to the nearest, halves upwards.
 */
export function formatMoneyShort(cents: number): string {
  const dollars = fromCents(cents);
  return Math.abs(dollars) >= 1000 ? `$${Math.round(dollars / 1000)}k` : `$${Math.round(dollars)}`;
}

/** Dollars as an input field holds them for editing: two decimals, no separators ('1108.50'). */
export const formatMoneyInput = (dollars: number): string => plainCents(toCents(dollars));

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
