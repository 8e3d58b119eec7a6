import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  changedPrice,
  decimalPlaces,
  divRound,
  formatCents,
  plainCents,
  mulDivRound,
  multiplierToScaled,
  rateToScaled,
  scaleDecimal,
  toCents,
} from './money.js';

describe('divRound', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [4, 2, 2],
    [1, 3, 0],
    [2, 3, 1],
    [15, 10, 2],
    [14, 10, 1],
    [-15, 10, -2],
    [0, 7, 0],
  ])('divRound(%i, %i) = %i (half away from zero)', (n, d, q) => {
    expect(divRound(n, d)).toBe(q);
  });

  it('rejects a zero divisor and unsafe integers', () => {
    expect(() => divRound(1, 0)).toThrow(RangeError);
    expect(() => divRound(2 ** 60, 3)).toThrow(RangeError);
  });

  it('is never more than half a unit from the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        expect(Math.abs(divRound(n, d) - n / d)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});

describe('mulDivRound', () => {
  const exact = (a: number, b: number, d: number) => {
    const n = BigInt(a) * BigInt(b);
    const neg = n < 0n !== d < 0;
    const q = (2n * (n < 0n ? -n : n) + BigInt(Math.abs(d))) / (2n * BigInt(Math.abs(d)));
    return Number(neg ? -q : q);
  };

  it('agrees with divRound where the product is safe, and is exact beyond it', () => {
    expect(mulDivRound(1999, 97_500, 1_000_000)).toBe(divRound(1999 * 97_500, 1_000_000));
    // A $999,999,999,000.00 subtotal at 9.75 %: the product of cents and rate is about 9.7e18.
    expect(mulDivRound(99_999_999_900_000, 97_500, 1_000_000)).toBe(9_749_999_990_250);
    expect(mulDivRound(-15, 1, 10)).toBe(-2);
    expect(() => mulDivRound(1, 2, 0)).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(10_000, 1_000_000),
        (a, b, d) => {
          expect(mulDivRound(a, b, d)).toBe(exact(a, b, d));
        },
      ),
    );
  });
});

describe('toCents and scaling', () => {
  it.each([
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [-2.675, -268],
    [1234567.89, 123456789],
    [0, 0],
  ])('toCents(%d) = %i', (d, c) => {
    expect(toCents(d)).toBe(c);
  });

  it('scales multipliers and rates exactly', () => {
    expect(multiplierToScaled(0.85)).toBe(8500);
    expect(multiplierToScaled(1.1)).toBe(11000);
    expect(rateToScaled(0.0975)).toBe(97500);
    expect(rateToScaled(0.08875)).toBe(88750);
    expect(scaleDecimal(1e-7, 6)).toBe(0);
    expect(scaleDecimal(1.5e-6, 6)).toBe(2);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(toCents(cents / 100)).toBe(cents);
      }),
    );
  });

  it('counts decimal places', () => {
    expect(decimalPlaces(0.85)).toBe(2);
    expect(decimalPlaces(3)).toBe(0);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(Number.NaN)).toBe(Infinity);
  });

  it('formats cents with two decimals and thousands separators', () => {
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(100000000, { currency: true })).toBe('$1,000,000.00');
  });

  it('writes plain amounts without separators for the history and exports', () => {
    expect(plainCents(123456789)).toBe('1234567.89');
    expect(plainCents(-5)).toBe('-0.05');
    expect(plainCents(0)).toBe('0.00');
  });
});

describe('changedPrice (bulk price change)', () => {
  it('applies a percentage and rounds half away from zero to the cent', () => {
    expect(changedPrice(84500, { percent: 4.5 })).toBe(88303); // 883.025 -> 883.03
    expect(changedPrice(100, { percent: 0.5 })).toBe(101); // 1.005 -> 1.01
    expect(changedPrice(100, { percent: -0.5 })).toBe(100); // 0.995 -> 1.00 (half away from zero)
    expect(changedPrice(84500, { percent: -10 })).toBe(76050);
    expect(changedPrice(999, { percent: 33.3333 })).toBe(1332); // 13.3199967 -> 13.32
    expect(changedPrice(0, { percent: 25 })).toBe(0);
    expect(changedPrice(12345, { percent: -100 })).toBe(0);
  });

  it('adds or takes an amount in cents', () => {
    expect(changedPrice(84500, { amountCents: 250 })).toBe(84750);
    expect(changedPrice(84500, { amountCents: -84500 })).toBe(0);
    expect(changedPrice(100, { amountCents: -101 })).toBe(-1);
  });

  it('stays exact for the largest prices', () => {
    expect(changedPrice(1_000_000_000, { percent: 12.3456 })).toBe(1_123_456_000);
  });
});
