import { toCents } from '@desk/domain';
import { describe, expect, it } from 'vitest';
import { priceCart } from './cart-pricing';
import { formatTaxPercent } from './money';
import { packageLine, partLine } from './test/fixtures';
import { SERVER_DOCUMENTS, SERVER_TAX_RATE } from './test/server-documents';

describe('priceCart', () => {
  it.each(SERVER_DOCUMENTS.map((d) => [d.name, d] as const))(
    'gives the server its own totals and line prices (%s)',
    (_name, { header, cart }) => {
      const pricing = priceCart(cart, header.useTax, SERVER_TAX_RATE);
      expect({
        subTotal: pricing.totals.subTotalCents / 100,
        tax: pricing.totals.taxCents / 100,
        total: pricing.totals.totalCents / 100,
      }).toEqual(header.totals);
      cart.forEach((line, i) => {
        expect(pricing.lines[i]!.unitPriceCents).toBe(toCents(line.unitPrice));
        expect(pricing.lines[i]!.linePriceCents).toBe(toCents(line.linePrice));
      });
    },
  );

  it('rounds tax once, half away from zero: 952.40 x 9.75% = 92.859 -> 92.86', () => {
    const order21 = SERVER_DOCUMENTS.find((d) => d.name === 'order 21')!;
    const { totals } = priceCart(order21.cart, true, SERVER_TAX_RATE);
    expect(totals).toEqual({ subTotalCents: 95240, taxCents: 9286, totalCents: 104526 });
    // The same cart without tax.
    expect(priceCart(order21.cart, false, SERVER_TAX_RATE).totals).toEqual({
      subTotalCents: 95240,
      taxCents: 0,
      totalCents: 95240,
    });
  });

  it('counts a part line 0 unless overridden, and an override replaces the line price', () => {
    const plain = priceCart([packageLine(), partLine()], false, SERVER_TAX_RATE);
    expect(plain.lines.map((l) => [l.unitPriceCents, l.linePriceCents, l.counts])).toEqual([
      [124025, 248050, true],
      [41850, 0, false],
    ]);
    expect(plain.totals.subTotalCents).toBe(248050);

    const overridden = partLine({
      priceOverride: 399.99,
      pricingInfo: { ...partLine().pricingInfo, priceOverride: 399.99 },
    });
    const withOverride = priceCart([packageLine(), overridden], true, SERVER_TAX_RATE);
    // 2480.50 + 399.99 = 2880.49; tax 280.84777... -> 280.85
    expect(withOverride.totals).toEqual({ subTotalCents: 288049, taxCents: 28085, totalCents: 316134 });
  });

  it('shows the tax rate as a percentage with two decimals or more', () => {
    expect(formatTaxPercent(0.0975)).toBe('9.75');
    expect(formatTaxPercent(0.08)).toBe('8.00');
    expect(formatTaxPercent(0.09125)).toBe('9.125');
    expect(formatTaxPercent(0)).toBe('0.00');
  });
});
