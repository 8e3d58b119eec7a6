import type {
  AppliedModifier,
  CartLine,
  LinePriceCents,
  Customer,
  DocumentHeader,
  OrderStatus,
  PackageModifier,
  Product,
  SubPartRow,
} from '@desk/domain';
import { customer } from '../../../test/customers';
import { aPackage } from '../../../test/records';

/** The columns of the quote and order lists; they differ in the status one ('Status', 'Order Status'). */
export const documentListColumns = (status: string) => [
  'ID',
  'Job Name',
  'PO Number',
  'Customer No',
  'Customer Name',
  'Contact Name',
  status,
  'Date',
  'Total',
  'Actions',
];

export const STATUSES: OrderStatus[] = [
  { id: 1, type: 'Open', closed: false },
  { id: 2, type: 'In Progress', closed: false },
  { id: 5, type: 'Completed', closed: true },
];

export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return customer(3, {
    name: 'Jérôme Côté Overhead Doors',
    contactName: 'Jérôme Côté',
    email: 'jerome.cote@example.com',
    openOrders: 1,
    useTax: true,
    openerMultiplier: 0.9,
    residentialMultiplier: 0.8,
    sectionalMultiplier: 0.85,
    commercialMultiplier: 0.97,
    ...overrides,
  });
}

export function aDocument(overrides: Partial<DocumentHeader> = {}): DocumentHeader {
  return {
    id: 13,
    kind: 'order',
    customer: {
      id: 3,
      customerNo: 'C-1003',
      name: 'Jérôme Côté Overhead Doors',
      contactName: 'Jérôme Côté',
      email: 'jerome.cote@example.com',
    },
    jobName: 'Beaulieu residence - high lift 16x7',
    poNumber: 'PO-26028',
    specialInstructions: null,
    orderDate: '2026-11-06',
    useTax: false,
    openerMultiplierCopy: 0.9,
    residentialMultiplierCopy: 0.8,
    sectionalMultiplierCopy: 0.85,
    commercialMultiplierCopy: 0.97,
    orderStatus: { id: 2, type: 'In Progress', closed: false },
    orderPickup: false,
    current_load: false,
    loading_bay: null,
    sourceQuoteId: null,
    noPricePrint: false,
    version: 4,
    totals: { subTotal: 0, tax: 0, total: 0 },
    totalsCents: { subTotalCents: 0, taxCents: 0, totalCents: 0 },
    ...overrides,
  };
}

/** The 16x7 door package the cart tests price: 1185 wholesale, Sectional. */
export const aProduct = (overrides: Partial<Product> = {}): Product =>
  aPackage({
    id: 75,
    itemNo: 'PKG-1607-INS',
    wholesalePrice: 1185,
    multiplierCategory: 'Sectional',
    productType: { id: 5, type: 'Door Package' },
    windowsData: 'Short or long panel',
    version: 1,
    ...overrides,
  });

/** A line's price as the server answers it (cents); unset fields are a plain, uncounted line. */
export function linePrice(p: Partial<LinePriceCents>): LinePriceCents {
  return {
    baseCents: 0,
    multiplier: 1,
    multiplierCategory: null,
    multipliedCents: 0,
    modCostCents: 0,
    unitPriceCents: 0,
    quantity: 1,
    extendedCents: 0,
    linePriceCents: 0,
    priceOverrideCents: null,
    isPackage: false,
    counts: false,
    overridden: false,
    loosePart: false,
    ...p,
  };
}

/** A cart line; its pricingInfo echoes the product, quantity and multiplier, as the server's does. */
function cartLine(line: Omit<CartLine, 'pricingInfo' | 'priceOverride'>, overrides: Partial<CartLine>): CartLine {
  return {
    ...line,
    priceOverride: null,
    pricingInfo: {
      baseProductCost: line.product.wholesalePrice,
      baseProductMultiplierCategory: line.product.multiplierCategory,
      multiplierValue: line.price.multiplier,
      lineQuantity: line.quantity,
      isPackage: line.product.isPackage,
      modCostIncrease: line.modCostIncrease,
      priceOverride: null,
    },
    ...overrides,
  };
}

/** A package line: 1185 x 0.85 = 1007.25, + 233 of modifiers = 1240.25 per door. */
export function packageLine(overrides: Partial<CartLine> = {}): CartLine {
  return cartLine(
    {
      id: 23,
      quantity: 2,
      modCostIncrease: 233,
      product: aProduct(),
      unitPrice: 1240.25,
      linePrice: 2480.5,
      position: 0,
      price: linePrice({
        baseCents: 118500,
        multiplier: 0.85,
        multiplierCategory: 'Sectional',
        multipliedCents: 100725,
        modCostCents: 23300,
        unitPriceCents: 124025,
        quantity: 2,
        extendedCents: 248050,
        linePriceCents: 248050,
        isPackage: true,
        counts: true,
      }),
    },
    overrides,
  );
}

/** A plain part on the cart: 465 x 0.9 = 418.50, counted 0. */
export function partLine(overrides: Partial<CartLine> = {}): CartLine {
  return cartLine(
    {
      id: 24,
      quantity: 1,
      modCostIncrease: 0,
      product: aProduct({
        id: 48,
        itemNo: 'OPN-JS-WM',
        itemDescription: 'Wall-mount jackshaft opener',
        wholesalePrice: 465,
        multiplierCategory: 'Opener',
        productType: { id: 3, type: 'Opener' },
        windowsData: null,
        isPackage: false,
      }),
      unitPrice: 418.5,
      linePrice: 0,
      position: 1,
      price: linePrice({
        baseCents: 46500,
        multiplier: 0.9,
        multiplierCategory: 'Opener',
        multipliedCents: 41850,
        unitPriceCents: 41850,
        quantity: 1,
        extendedCents: 41850,
      }),
    },
    overrides,
  );
}

export const highLift: PackageModifier = {
  id: 2,
  packageId: 75,
  category: 'Lift',
  name: 'High lift',
  quantity: 1,
  product: {
    id: 56,
    itemNo: 'HLK-2-24',
    itemDescription: 'High-lift track kit, 2" track',
    modifierCostIncrease: 185,
  },
  notes: 'Up to 24" of high lift',
  version: 1,
};

export const frontMount: PackageModifier = {
  id: 8,
  packageId: 75,
  category: 'Mount',
  name: 'Front mount',
  quantity: 1,
  product: { id: 34, itemNo: 'SAP-CTR', itemDescription: 'Center spring anchor plate', modifierCostIncrease: 0 },
  notes: null,
  version: 1,
};

export const appliedHighLift: AppliedModifier = {
  id: 90,
  modifierId: 2,
  assocPackageModifier: { id: 2, name: 'High lift', category: 'Lift', notes: 'Up to 24" of high lift', quantity: 1 },
  assocProduct: {
    id: 56,
    itemNo: 'HLK-2-24',
    itemDescription: 'High-lift track kit, 2" track',
    modifierCostIncrease: 185,
  },
  notes: 'HL 24 in, jackshaft opener',
  inches: '24',
};

export const assocRow: SubPartRow = {
  rowId: 1,
  source: 'ASSOC_PART',
  product: { id: 7, itemNo: 'HNG-01', itemDescription: '#1 residential hinge', productType: 'Hardware' },
  quantity: 6,
  notes: null,
  inches: null,
  category: null,
  appliedModifierId: null,
};

export const modRow: SubPartRow = {
  rowId: 11,
  source: 'MOD',
  product: { id: 56, itemNo: 'HLK-2-24', itemDescription: 'High-lift track kit, 2" track', productType: 'Part' },
  quantity: 1,
  notes: 'HL 24 in, jackshaft opener',
  inches: '24',
  category: 'Lift',
  appliedModifierId: 90,
};

/** What the fake fetch received for one call: its parsed JSON body. */
export function bodyOf(mock: { mock: { calls: unknown[][] } }, method: string, path: string): unknown {
  const call = mock.mock.calls.find(
    ([url, init]) => String(url).split('?')[0] === path && (init as RequestInit | undefined)?.method === method,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
}

/** Every URL the fake fetch was asked for, in order. */
export const requestedUrls = (mock: { mock: { calls: unknown[][] } }) => mock.mock.calls.map(([url]) => String(url));
