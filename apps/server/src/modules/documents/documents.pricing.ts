/**
 * The one pricer of orders and quotes (docs/architecture.md section 1): a document's loaded lines
 * priced with the domain's pricing module (packages/domain/src/pricing.ts), in integer cents. The
 * cart API, the document's totals, every write that moves a price, the stored totals
 * (documents.totals.ts), the PDF, the e-mail and the loaders' sheets all price here. No SQL: the
 * rows come from documents.cart.repository.ts.
 */
import {
  fromCents,
  multiplierFromScaled,
  priceDocument,
  pricingInfo,
  type CartLine,
  type DocumentTotals,
  type DocumentTotalsCents,
} from '@desk/domain';
import type { Db } from '../../lib/sql.js';
import { toProduct } from '../catalog/products.repository.js';
import { loadLines, type LoadedLine } from './documents.cart.repository.js';
import { multipliersOf, type PricingHeader } from './documents.headers.repository.js';
import type { KindTables } from './kinds.js';

/** The document-wide inputs of the one pricer, from a header (docs/decisions/028 for loose parts). */
export const pricingOf = (header: PricingHeader) => ({
  multipliers: multipliersOf(header),
  useTax: header.use_tax === 1,
  priceLooseParts: header.price_loose_parts === 1,
});

/**
 * A document's loaded lines priced: each line's price, the totals, and each line's price as priced
 * now beside the one stored (what storing the totals compares and writes, documents.totals.ts).
 */
export function priceLoaded(lines: readonly LoadedLine[], header: PricingHeader, taxRate: number) {
  const priced = priceDocument(
    lines.map((l) => l.input),
    pricingOf(header),
    taxRate,
  );
  const linePrices = lines.map((l, i) => ({
    id: l.row.line_id,
    stored: l.row.stored_line_price_cents,
    priced: priced.lines[i]!,
  }));
  return { lines: priced.lines, totals: priced.totals, linePrices };
}

/** A cart line as the API answers it: the stored row, its price in cents and, for old clients, in dollars. */
function cartLine(l: LoadedLine, p: ReturnType<typeof priceLoaded>['lines'][number]): CartLine {
  return {
    id: l.row.line_id,
    quantity: l.row.line_quantity,
    priceOverride: l.row.price_override === null ? null : fromCents(l.row.price_override),
    modCostIncrease: fromCents(p.modCostCents),
    product: toProduct(l.row),
    pricingInfo: pricingInfo(l.input, p),
    unitPrice: fromCents(p.unitPriceCents),
    linePrice: fromCents(p.linePriceCents),
    position: l.row.position,
    price: {
      baseCents: l.input.wholesalePriceCents,
      multiplier: multiplierFromScaled(p.multiplier),
      multiplierCategory: l.input.multiplierCategory,
      multipliedCents: p.unitPriceCents - p.modCostCents,
      modCostCents: p.modCostCents,
      unitPriceCents: p.unitPriceCents,
      quantity: l.input.quantity,
      extendedCents: p.unitPriceCents * l.input.quantity,
      linePriceCents: p.linePriceCents,
      priceOverrideCents: l.input.priceOverrideCents,
      isPackage: p.isPackage,
      counts: p.counts,
      overridden: p.overridden,
      loosePart: p.loosePart,
    },
  };
}

/**
 * The one priced document: its stored lines priced, as the cart, the totals in cents and in
 * dollars (the same cents), and each line's price as priced now and as stored.
 */
export async function pricedDocument(db: Db, k: KindTables, header: PricingHeader, taxRate: number) {
  const lines = await loadLines(db, k, header.id);
  const { lines: priced, totals, linePrices } = priceLoaded(lines, header, taxRate);
  const totalsCents: DocumentTotalsCents = { ...totals };
  const cart = lines.map((l, i) => cartLine(l, priced[i]!));
  return { cart, totalsCents, totals: totalsInDollars(totalsCents), linePrices };
}

export const totalsInDollars = (t: DocumentTotalsCents): DocumentTotals => ({
  subTotal: fromCents(t.subTotalCents),
  tax: fromCents(t.taxCents),
  total: fromCents(t.totalCents),
});
