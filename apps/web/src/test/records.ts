import type { Product, ProductPrice, VendorOrder } from '@desk/domain';

/**
 * A product's price as GET /api/search/prices answers it: the wholesale `baseCents` times the
 * category's `multiplier`, to the cent.
 */
export function aProductPrice(
  productId: number,
  itemNo: string,
  baseCents: number,
  multiplierCategory: string,
  multiplier: number,
  isPackage = false,
): ProductPrice {
  return {
    productId,
    itemNo,
    isPackage,
    baseCents,
    multiplierCategory,
    multiplier,
    priceCents: Math.round(baseCents * multiplier),
  };
}

/** A catalogue part, as GET /api/products/{id} answers it; `overrides` set the fields a test is about. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    itemNo: 'HL-KIT-12',
    itemDescription: 'High-lift track conversion kit, 12 in',
    wholesalePrice: 145.5,
    multiplierCategory: null,
    productType: { id: 1, type: 'Part' },
    modifierCostIncrease: 38,
    windowsData: null,
    windowDescription: null,
    insertsData: null,
    insertDescription: null,
    isPackage: false,
    version: 3,
    ...overrides,
  };
}

export const aPackage = (overrides: Partial<Product> = {}) =>
  aProduct({
    id: 12,
    itemNo: 'DP-1607-INS',
    itemDescription: '16x7 insulated steel sectional door package',
    wholesalePrice: 1180,
    multiplierCategory: 'Residential',
    productType: { id: 2, type: 'Door Package' },
    modifierCostIncrease: 0,
    isPackage: true,
    ...overrides,
  });

/** A vendor order, as GET /api/vendor-orders/{id} answers it; `fields` set what a test is about. */
export const aVendorOrder = (id: number, fields: Partial<VendorOrder> = {}): VendorOrder => ({
  id,
  name: `Vendor order ${id}`,
  description: null,
  estimatedArrival: null,
  status: 'Ordered',
  receivedDate: null,
  version: 1,
  ...fields,
});
