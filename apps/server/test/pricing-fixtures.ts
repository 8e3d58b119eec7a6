/**
 * The catalogue the pricing tests price against, made through the API (their figures are hand
 * calculations on these numbers): Sierra Door Installers (C-4101, pays tax, Sectional 0.9, Opener
 * 0.95); the door package PKG-1607 at 1234.56, Sectional; the hinge HNG-02 at 2.10, a plain
 * hardware part; the springs SPR-25K at 60.00 with a modifier cost of 32.50, which the package
 * offers as the Springs modifier "25k cycle pair" of 2.
 */
import type { DatabaseKind } from '../src/db/database.js';
import { createTestApp, userApi, type Method, type TestApp } from './support.js';

type Call = (method: Method, url: string, payload?: unknown) => Promise<any>;

/** A test app at tax rate 0.0975 holding the catalogue, with the administrator signed in. */
export async function createPricingApp(engine: DatabaseKind) {
  const t = await createTestApp(engine, { TAX_RATE: '0.0975' });
  const admin = await t.login();
  const catalog = await seedPricingCatalog(t, userApi(() => ({ t, cookie: admin })).data);
  return { t, admin, catalog };
}
export type PricingCatalog = Awaited<ReturnType<typeof seedPricingCatalog>>;

/**
 * Makes products through the API as `call`'s user: an item number, a wholesale price, the name of
 * its product type, and any other field of the product body.
 */
export function productMaker(call: Call, types: Record<string, number>) {
  return (itemNo: string, wholesalePrice: number, type: string, more: Record<string, unknown> = {}) =>
    call('POST', '/api/products/create', { itemNo, wholesalePrice, productType: types[type], ...more });
}

/** The customer the catalogues price for: Sierra Door Installers, paying tax, with `fields` (its number, multipliers). */
export const createSierraDoors = (call: Call, fields: Record<string, unknown>) =>
  call('POST', '/api/customers/create', { name: 'Sierra Door Installers', useTax: true, ...fields });

export async function seedPricingCatalog(t: TestApp, call: Call) {
  const product = productMaker(call, await t.productTypes());
  const customer = await createSierraDoors(call, {
    customerNo: 'C-4101',
    sectionalMultiplier: 0.9,
    openerMultiplier: 0.95,
  });
  const pkg = await product('PKG-1607', 1234.56, 'Door Package', { multiplierCategory: 'Sectional' });
  const part = await product('HNG-02', 2.1, 'Hardware');
  const springs = await product('SPR-25K', 60, 'Spring', { modifierCostIncrease: 32.5 });
  const mod = await call('POST', `/api/package/modifiers/create/${pkg.id}`, {
    category: 'Springs',
    name: '25k cycle pair',
    product: springs.id,
    quantity: 2,
  });
  return { customer, pkg, part, springs, mod };
}
