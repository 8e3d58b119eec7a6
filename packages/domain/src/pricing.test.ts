import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  documentTotals,
  modifierCostCents,
  multiplierFor,
  priceDocument,
  priceLine,
  pricingInfo,
  taxCents,
  type DocumentMultipliers,
  type LineInput,
} from './pricing.js';

const M: DocumentMultipliers = { opener: 9500, residential: 8500, sectional: 9000, commercial: 10000 };
const TAX = 97500; // 9.75 %

const pkg = (over: Partial<LineInput> = {}): LineInput => ({
  quantity: 1,
  priceOverrideCents: null,
  wholesalePriceCents: 100000,
  multiplierCategory: 'Sectional',
  productTypeName: 'Door Package',
  modifiers: [],
  ...over,
});

describe('multiplierFor', () => {
  it('picks the document multiplier of the category, 1 otherwise', () => {
    expect(multiplierFor('Opener', M)).toBe(9500);
    expect(multiplierFor('Residential', M)).toBe(8500);
    expect(multiplierFor('Sectional', M)).toBe(9000);
    expect(multiplierFor('Commercial', M)).toBe(10000);
    expect(multiplierFor(null, M)).toBe(10000);
    expect(multiplierFor('Hardware', M)).toBe(10000);
  });
});

describe('priceLine', () => {
  it.each<[string, Partial<LineInput>, number, number]>([
    ['package: quantity x round(wholesale x multiplier)', { quantity: 2 }, 90000, 180000],
    [
      'rounds the unit price half away from zero',
      { wholesalePriceCents: 12345, multiplierCategory: 'Residential' },
      10493,
      10493,
    ],
    [
      'adds the modifier cost per unit',
      {
        quantity: 3,
        modifiers: [
          { modifierCostIncreaseCents: 18500, quantity: 1 },
          { modifierCostIncreaseCents: 2500, quantity: 2 },
        ],
      },
      113500,
      340500,
    ],
    ['an override wins over the computed price', { quantity: 2, priceOverrideCents: 85000 }, 90000, 85000],
    ['a zero override makes the line free', { priceOverrideCents: 0 }, 90000, 0],
    ['a plain part counts 0', { productTypeName: 'Hardware' }, 90000, 0],
    [
      'a plain part with an override counts the override',
      { productTypeName: 'Part', priceOverrideCents: 1234 },
      90000,
      1234,
    ],
    ['no category multiplies by 1', { multiplierCategory: null }, 100000, 100000],
    ['package type match ignores case', { productTypeName: 'PACKAGE deal' }, 90000, 90000],
  ])('%s', (_name, over, unit, line) => {
    const p = priceLine(pkg(over), M);
    expect(p.unitPriceCents).toBe(unit);
    expect(p.linePriceCents).toBe(line);
  });

  it('explains itself in the pricingInfo of docs/product.md section 3', () => {
    const input = pkg({
      quantity: 2,
      modifiers: [{ modifierCostIncreaseCents: 1000, quantity: 2 }],
      priceOverrideCents: 50000,
    });
    const info = pricingInfo(input, priceLine(input, M));
    expect(info).toEqual({
      baseProductCost: 1000,
      baseProductMultiplierCategory: 'Sectional',
      multiplierValue: 0.9,
      lineQuantity: 2,
      isPackage: true,
      modCostIncrease: 20,
      priceOverride: 500,
    });
  });
});

describe('loose parts (company setting "Price loose parts", docs/decisions/028)', () => {
  const ON = { priceLooseParts: true };
  const part = (over: Partial<LineInput> = {}) => pkg({ productTypeName: 'Hardware', ...over });

  it('off (the default): a plain part counts 0 and is not a loose part', () => {
    const p = priceLine(part({ quantity: 3 }), M);
    expect(p).toMatchObject({ unitPriceCents: 90000, linePriceCents: 0, counts: false, loosePart: false });
    expect(priceLine(part({ quantity: 3 }), M, { priceLooseParts: false }).linePriceCents).toBe(0);
  });

  it.each<[string, Partial<LineInput>, number, number]>([
    [
      'wholesale x category multiplier x quantity',
      { quantity: 3, wholesalePriceCents: 4599, multiplierCategory: 'Opener' },
      4369,
      13107,
    ],
    ['rounds the unit to the cent first (4139.1 -> 4139)', { quantity: 2, wholesalePriceCents: 4599 }, 4139, 8278],
    ['no category multiplies by 1', { quantity: 4, wholesalePriceCents: 1250, multiplierCategory: null }, 1250, 5000],
    ['another category multiplies by 1', { wholesalePriceCents: 799, multiplierCategory: 'Hardware' }, 799, 799],
    ['a free part stays free', { quantity: 5, wholesalePriceCents: 0 }, 0, 0],
  ])('on: %s', (_name, over, unit, line) => {
    const p = priceLine(part(over), M, ON);
    expect(p.unitPriceCents).toBe(unit);
    expect(p.linePriceCents).toBe(line);
    expect(p.counts).toBe(true);
    expect(p.loosePart).toBe(true);
    expect(p.isPackage).toBe(false);
  });

  it('on: an override still wins over the loose-part price', () => {
    const p = priceLine(part({ quantity: 3, priceOverrideCents: 1000 }), M, ON);
    expect(p).toMatchObject({ linePriceCents: 1000, overridden: true, counts: true, loosePart: true });
  });

  it('on: a package is priced as before and is not a loose part', () => {
    const p = priceLine(pkg({ quantity: 2 }), M, ON);
    expect(p).toMatchObject({ linePriceCents: 180000, loosePart: false, isPackage: true });
  });

  it('prices a document with loose parts: 2 doors, a part, an override', () => {
    const lines = [
      pkg({ quantity: 2, modifiers: [{ modifierCostIncreaseCents: 18500, quantity: 1 }] }),
      pkg({ productTypeName: 'Part', wholesalePriceCents: 4599 }),
      pkg({ productTypeName: 'Opener', priceOverrideCents: 32900 }),
    ];
    const on = priceDocument(lines, { multipliers: M, useTax: true, priceLooseParts: true }, TAX);
    expect(on.lines.map((l) => l.linePriceCents)).toEqual([217000, 4139, 32900]);
    // 254,039 x 9.75 % = 24,768.8025 -> 24,769
    expect(on.totals).toEqual({ subTotalCents: 254039, taxCents: 24769, totalCents: 278808 });
    const off = priceDocument(lines, { multipliers: M, useTax: true, priceLooseParts: false }, TAX);
    expect(off.totals).toEqual({ subTotalCents: 249900, taxCents: 24365, totalCents: 274265 });
  });
});

describe('tax and totals', () => {
  it('taxes the subtotal once, rounded half away from zero, only with useTax', () => {
    expect(taxCents(100000, TAX, true)).toBe(9750);
    expect(taxCents(1999, TAX, true)).toBe(195); // 194.9025
    expect(taxCents(2000, TAX, true)).toBe(195); // 195.0 exactly
    expect(taxCents(20, TAX, true)).toBe(2); // 1.95
    expect(taxCents(100000, TAX, false)).toBe(0);
  });

  it('prices a document: 2 doors, one modifier, a struck part and an override', () => {
    const { lines, totals } = priceDocument(
      [
        pkg({ quantity: 2, modifiers: [{ modifierCostIncreaseCents: 18500, quantity: 1 }] }),
        pkg({ productTypeName: 'Part', wholesalePriceCents: 4599 }),
        pkg({ productTypeName: 'Opener', priceOverrideCents: 32900 }),
      ],
      { multipliers: M, useTax: true },
      TAX,
    );
    expect(lines.map((l) => l.linePriceCents)).toEqual([217000, 0, 32900]);
    expect(totals).toEqual({ subTotalCents: 249900, taxCents: 24365, totalCents: 274265 });
  });

  const lineArb = fc.record({
    quantity: fc.integer({ min: 1, max: 500 }),
    priceOverrideCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
    wholesalePriceCents: fc.integer({ min: 0, max: 10_000_000 }),
    multiplierCategory: fc.constantFrom('Residential', 'Opener', 'Sectional', 'Commercial', null, 'Other'),
    productTypeName: fc.constantFrom('Door Package', 'Package', 'Part', 'Hardware', null),
    modifiers: fc.array(
      fc.record({
        modifierCostIncreaseCents: fc.integer({ min: 0, max: 100_000 }),
        quantity: fc.integer({ min: 1, max: 10 }),
      }),
      { maxLength: 5 },
    ),
  });
  const multArb = fc.record({
    opener: fc.integer({ min: 0, max: 30000 }),
    residential: fc.integer({ min: 0, max: 30000 }),
    sectional: fc.integer({ min: 0, max: 30000 }),
    commercial: fc.integer({ min: 0, max: 30000 }),
  });

  it('properties: total = subtotal + tax, subtotal = sum of lines, integers only', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 30 }),
        multArb,
        fc.boolean(),
        fc.integer({ min: 0, max: 250000 }),
        (ls, m, useTax, rate) => {
          const { lines, totals } = priceDocument(ls, { multipliers: m, useTax }, rate);
          const sum = lines.reduce((s, l) => s + l.linePriceCents, 0);
          expect(totals.subTotalCents).toBe(sum);
          expect(totals.totalCents).toBe(totals.subTotalCents + totals.taxCents);
          expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
          expect(Math.abs(totals.taxCents - (useTax ? (sum * rate) / 1e6 : 0))).toBeLessThanOrEqual(0.5);
          for (const [i, l] of lines.entries()) {
            const input = ls[i]!;
            if (input.priceOverrideCents !== null) expect(l.linePriceCents).toBe(input.priceOverrideCents);
            else if (!l.isPackage) expect(l.linePriceCents).toBe(0);
            else expect(l.linePriceCents).toBe(l.unitPriceCents * input.quantity);
          }
        },
      ),
    );
  });

  it('property: an override replaces exactly its own line', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 10 }),
        multArb,
        fc.nat(),
        fc.integer({ min: 0, max: 1e7 }),
        (ls, m, pick, override) => {
          const i = pick % ls.length;
          const before = priceDocument(ls, { multipliers: m, useTax: false }, 0).lines;
          const changed = ls.map((l, j) => (j === i ? { ...l, priceOverrideCents: override } : l));
          const after = priceDocument(changed, { multipliers: m, useTax: false }, 0).lines;
          after.forEach((l, j) => {
            if (j === i) expect(l.linePriceCents).toBe(override);
            else expect(l.linePriceCents).toBe(before[j]!.linePriceCents);
          });
        },
      ),
    );
  });

  it('sums modifier costs as cost x quantity', () => {
    expect(modifierCostCents([])).toBe(0);
    expect(
      modifierCostCents([
        { modifierCostIncreaseCents: 250, quantity: 4 },
        { modifierCostIncreaseCents: 1, quantity: 1 },
      ]),
    ).toBe(1001);
    expect(documentTotals([], 97500, true)).toEqual({ subTotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});
