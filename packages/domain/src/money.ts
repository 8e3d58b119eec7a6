/**
 * Money is integer cents; rates and multipliers are integers in fixed scales so that all
 * arithmetic is exact. Rounding is half away from zero (docs/architecture.md section 1).
 */

/** Multipliers are stored with four decimals: 0.85 is 8500. */
export const MULTIPLIER_SCALE = 10_000;
/** Tax rates are stored in parts per million: 0.0975 is 97500. */
export const RATE_SCALE = 1_000_000;

/** Divides two integers and rounds the quotient half away from zero. */
export function divRound(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new RangeError(`divRound needs safe integers and a non-zero divisor (${numerator}/${denominator})`);
  }
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor((2 * n + d) / (2 * d));
  return sign * q || 0;
}

/**
 * round(a x b / d), half away from zero, for integers a, b and d. Exact even when a x b is beyond
 * a safe integer (a large document's subtotal times the tax rate): the product is then taken in
 * BigInt, so huge amounts are priced instead of failing.
 */
export function mulDivRound(a: number, b: number, d: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return divRound(product, d);
  if (!Number.isInteger(a) || !Number.isInteger(b) || !Number.isSafeInteger(d) || d === 0) {
    throw new RangeError(`mulDivRound needs integers and a non-zero divisor (${a} x ${b} / ${d})`);
  }
  const n = BigInt(a) * BigInt(b);
  const den = BigInt(d);
  const negative = n < 0n !== den < 0n;
  const absN = n < 0n ? -n : n;
  const absD = den < 0n ? -den : den;
  const q = (2n * absN + absD) / (2n * absD);
  return Number(negative ? -q : q);
}

/** Converts a dollar amount to integer cents, rounding half away from zero. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  // Work on the decimal text so 1.005 becomes 101, not 100 (binary floating point).
  return scaleDecimal(dollars, 2);
}

/** Converts integer cents to dollars (a number with at most two decimals). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Formats cents as a plain two-decimal amount, e.g. 123456 -> "1,234.56". */
export function formatCents(cents: number, opts: { currency?: boolean } = {}): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${opts.currency ? '$' : ''}${whole}.${frac}`;
}

/**
 * Cents as a plain amount with no thousands separators, e.g. 123456 -> "1234.56": the form the
 * change history keeps and CSV/XLSX exports write (a spreadsheet reads it as a number).
 */
export function plainCents(cents: number): string {
  return formatCents(cents).replaceAll(',', '');
}

/** Scales a decimal number by 10^places exactly (from its shortest decimal text) and rounds. */
export function scaleDecimal(value: number, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const negative = value < 0;
  const text = Math.abs(value).toString();
  let mantissa: string;
  let exponent = 0;
  const eIndex = text.indexOf('e');
  if (eIndex >= 0) {
    mantissa = text.slice(0, eIndex);
    exponent = Number(text.slice(eIndex + 1));
  } else {
    mantissa = text;
  }
  const dot = mantissa.indexOf('.');
  const intPart = dot >= 0 ? mantissa.slice(0, dot) : mantissa;
  const fracPart = dot >= 0 ? mantissa.slice(dot + 1) : '';
  const digits = (intPart + fracPart).replace(/^0+(?=\d)/, '');
  // value = digits * 10^(exponent - fracPart.length); we want value * 10^places
  const shift = exponent - fracPart.length + places;
  let result: number;
  if (shift >= 0) {
    result = Number(digits + '0'.repeat(shift));
  } else {
    const cut = digits.length + shift;
    const kept = cut > 0 ? digits.slice(0, cut) : '0';
    const firstDropped = cut >= 0 ? Number(digits[cut] ?? '0') : 0;
    result = Number(kept) + (firstDropped >= 5 ? 1 : 0);
  }
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${value}`);
  return negative ? -result || 0 : result;
}

/** Number of decimal places a finite number is written with (0.85 -> 2). */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  const text = Math.abs(value).toString();
  const eIndex = text.indexOf('e');
  const mantissa = eIndex >= 0 ? text.slice(0, eIndex) : text;
  const exponent = eIndex >= 0 ? Number(text.slice(eIndex + 1)) : 0;
  const dot = mantissa.indexOf('.');
  const frac = dot >= 0 ? mantissa.length - dot - 1 : 0;
  return Math.max(0, frac - exponent);
}

export const multiplierToScaled = (m: number): number => scaleDecimal(m, 4);
export const multiplierFromScaled = (m: number): number => m / MULTIPLIER_SCALE;
export const rateToScaled = (r: number): number => scaleDecimal(r, 6);
export const rateFromScaled = (r: number): number => r / RATE_SCALE;

/** A bulk price change: a percentage (4.5 is +4.5 %, -10 is -10 %, up to 4 decimals) or cents. */
export type PriceChange = { percent: number } | { amountCents: number };

/** Percentages are applied in millionths of the price: 4.5 % is 45,000 per million. */
const PERCENT_SCALE = 10_000;

/**
 * The new price of `fromCents` after `change`, rounded half away from zero to the cent
 * (docs/architecture.md section 1): round(from x (100 + percent) / 100), or from + amount.
 */
export function changedPrice(fromCents: number, change: PriceChange): number {
  if ('percent' in change) {
    const scaled = scaleDecimal(change.percent, 4);
    return mulDivRound(fromCents, 100 * PERCENT_SCALE + scaled, 100 * PERCENT_SCALE);
  }
  return fromCents + change.amountCents;
}
