/**
 * Document pricing: one pure module for the cart, the server's answers, the PDF and the e-mail.
 * All amounts are integer cents; multipliers and rates are scaled integers (see money.ts).
 * Rules: docs/architecture.md section 1 and docs/product.md section 9.
 */
import {
  isPackageType,
  MULTIPLIER_CATEGORIES,
  multiplierKey,
  type MultiplierCategory,
  type MultiplierKey,
} from './constants.js';
import { fromCents, mulDivRound, MULTIPLIER_SCALE, RATE_SCALE } from './money.js';

/** The four multipliers copied onto a document, one for each category, scaled by MULTIPLIER_SCALE. */
export type DocumentMultipliers = Record<MultiplierKey, number>;

export interface AppliedModifierCost {
  /** The modifier product's modifier cost increase, in cents. */
  modifierCostIncreaseCents: number;
  /** How many of that product the modifier adds. */
  quantity: number;
}

export interface LineInput {
  quantity: number;
  /** null: no override. */
  priceOverrideCents: number | null;
  wholesalePriceCents: number;
  multiplierCategory: string | null;
  productTypeName: string | null;
  modifiers: readonly AppliedModifierCost[];
}

export interface PricingInfo {
  baseProductCost: number;
  baseProductMultiplierCategory: string | null;
  multiplierValue: number;
  lineQuantity: number;
  isPackage: boolean;
  modCostIncrease: number;
  priceOverride: number | null;
}

export interface LinePrice {
  isPackage: boolean;
  /** Scaled multiplier applied to the wholesale price. */
  multiplier: number;
  /** Sum of applied modifiers' cost for one unit, in cents. */
  modCostCents: number;
  /** round(wholesale x multiplier) + modifier cost, in cents. */
  unitPriceCents: number;
  /** The amount the line adds to the subtotal, in cents. */
  linePriceCents: number;
  /** Whether the line counts towards the subtotal (packages, overridden lines, priced loose parts). */
  counts: boolean;
  overridden: boolean;
  /**
   * A plain part (not a package) on a document that prices loose parts: it counts unit price x
   * quantity, unless overridden (the company setting "Price loose parts", docs/decisions/028).
   */
  loosePart: boolean;
}

/**
 * The rules a document is priced by besides its multipliers. `priceLooseParts`: the company
 * setting "Price loose parts" as the document captured it when it was made (docs/decisions/028);
 * off, a plain part line counts 0 unless overridden.
 */
export interface PricingRules {
  priceLooseParts?: boolean;
}

export interface Totals {
  subTotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** The multiplier for a product category; any other category, or none, multiplies by 1. */
export function multiplierFor(category: string | null | undefined, multipliers: DocumentMultipliers): number {
  return isMultiplierCategory(category) ? multipliers[multiplierKey(category)] : MULTIPLIER_SCALE;
}

export function isMultiplierCategory(value: unknown): value is MultiplierCategory {
  return typeof value === 'string' && (MULTIPLIER_CATEGORIES as readonly string[]).includes(value);
}

/** Line modifier cost = sum of product.modifierCostIncrease x modifier quantity. */
export function modifierCostCents(modifiers: readonly AppliedModifierCost[]): number {
  let sum = 0;
  for (const m of modifiers) sum += m.modifierCostIncreaseCents * m.quantity;
  return sum;
}

export function unitPriceCents(wholesalePriceCents: number, multiplier: number, modCostCents: number): number {
  return mulDivRound(wholesalePriceCents, multiplier, MULTIPLIER_SCALE) + modCostCents;
}

export function priceLine(line: LineInput, multipliers: DocumentMultipliers, rules: PricingRules = {}): LinePrice {
  const isPackage = isPackageType(line.productTypeName);
  const multiplier = multiplierFor(line.multiplierCategory, multipliers);
  const modCost = modifierCostCents(line.modifiers);
  const unit = unitPriceCents(line.wholesalePriceCents, multiplier, modCost);
  const overridden = line.priceOverrideCents !== null;
  const loosePart = !isPackage && rules.priceLooseParts === true;
  let linePrice: number;
  if (overridden) linePrice = line.priceOverrideCents as number;
  else if (isPackage || loosePart) linePrice = unit * line.quantity;
  else linePrice = 0;
  return {
    isPackage,
    multiplier,
    modCostCents: modCost,
    unitPriceCents: unit,
    linePriceCents: linePrice,
    counts: overridden || isPackage || loosePart,
    overridden,
    loosePart,
  };
}

/** The breakdown shown in the cart's '?' popover (docs/product.md section 3), in dollars. */
export function pricingInfo(line: LineInput, price: LinePrice): PricingInfo {
  return {
    baseProductCost: fromCents(line.wholesalePriceCents),
    baseProductMultiplierCategory: line.multiplierCategory,
    multiplierValue: price.multiplier / MULTIPLIER_SCALE,
    lineQuantity: line.quantity,
    isPackage: price.isPackage,
    modCostIncrease: fromCents(price.modCostCents),
    priceOverride: line.priceOverrideCents === null ? null : fromCents(line.priceOverrideCents),
  };
}

export function taxCents(subTotalCents: number, taxRate: number, useTax: boolean): number {
  return useTax ? mulDivRound(subTotalCents, taxRate, RATE_SCALE) : 0;
}

export function documentTotals(lines: readonly LinePrice[], taxRate: number, useTax: boolean): Totals {
  let sub = 0;
  for (const l of lines) sub += l.linePriceCents;
  const tax = taxCents(sub, taxRate, useTax);
  return { subTotalCents: sub, taxCents: tax, totalCents: sub + tax };
}

/** Prices every line of a document and its totals in one pass. */
export function priceDocument(
  lines: readonly LineInput[],
  doc: { multipliers: DocumentMultipliers; useTax: boolean } & PricingRules,
  taxRate: number,
): { lines: LinePrice[]; totals: Totals } {
  const priced = lines.map((l) => priceLine(l, doc.multipliers, doc));
  return { lines: priced, totals: documentTotals(priced, taxRate, doc.useTax) };
}
