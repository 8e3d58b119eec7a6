import {
  MULTIPLIER_SCALE,
  multiplierToScaled,
  priceDocument,
  rateToScaled,
  toCents,
  type CartLine,
  type DocumentMultipliers,
  type LineInput,
  type LinePrice,
  type Totals,
} from '@desk/domain';

/**
 * The cart's prices, computed in the browser with the same pure module the server uses
 * (docs/architecture.md section 1), from what each line's pricingInfo says the server used. So the
 * Pricing block shows the server's totals without asking for them after every edit.
 */
export interface CartPricing {
  /** One per cart line, in the cart's order. */
  lines: LinePrice[];
  totals: Totals;
}

/** A line as the pricing module takes it, rebuilt from its pricingInfo (dollars to cents). */
export function lineInputOf(line: CartLine): LineInput {
  const info = line.pricingInfo;
  return {
    quantity: info.lineQuantity,
    priceOverrideCents: info.priceOverride === null ? null : toCents(info.priceOverride),
    wholesalePriceCents: toCents(info.baseProductCost),
    multiplierCategory: info.baseProductMultiplierCategory,
    // The server decided whether the product is a package; say so in the module's own terms.
    productTypeName: info.isPackage ? 'Package' : null,
    // pricingInfo carries the sum for one unit already.
    modifiers: [{ modifierCostIncreaseCents: toCents(info.modCostIncrease), quantity: 1 }],
  };
}

/** The document's multipliers as its lines report them; a category no line uses stays at 1. */
export function multipliersOf(lines: readonly CartLine[]): DocumentMultipliers {
  const m: DocumentMultipliers = {
    opener: MULTIPLIER_SCALE,
    residential: MULTIPLIER_SCALE,
    sectional: MULTIPLIER_SCALE,
    commercial: MULTIPLIER_SCALE,
  };
  for (const line of lines) {
    const { baseProductMultiplierCategory: category, multiplierValue } = line.pricingInfo;
    const scaled = multiplierToScaled(multiplierValue);
    if (category === 'Opener') m.opener = scaled;
    else if (category === 'Residential') m.residential = scaled;
    else if (category === 'Sectional') m.sectional = scaled;
    else if (category === 'Commercial') m.commercial = scaled;
  }
  return m;
}

/** Prices the whole cart once: every line and the Sub Total, Tax and Total. */
export function priceCart(lines: readonly CartLine[], useTax: boolean, taxRate: number): CartPricing {
  return priceDocument(lines.map(lineInputOf), { multipliers: multipliersOf(lines), useTax }, rateToScaled(taxRate));
}
