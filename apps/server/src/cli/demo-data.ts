/**
 * Demo data for a garage-door sales desk (docs/domain.md vocabulary): a parts catalogue, six door
 * packages with associated parts and package modifiers, twenty installer and contractor
 * customers, quotes, orders in every status (two of them staged as current loads in bays 1
 * and 2) and vendor orders linked to the orders waiting on stock. The business itself is data
 * (demo-data.json); this file resolves it for a clock and loads it.
 *
 * loadDemoData goes through the modules' services, as a clerk's requests would: every input
 * passes the API's schema, and each product, customer, line, modifier, status change, bay and
 * link obeys the same rules as one typed in. It runs in one transaction and refuses a database
 * that already holds customers, products or vendor orders, so demo rows never mix with real
 * ones. The result depends only on `now`: the variety comes from a seeded PRNG, never Math.random.
 */
import {
  DEFAULT_TAX_RATE,
  customerInputSchema,
  documentInputSchema,
  fromCents,
  packageModifierInputSchema,
  pickupOrdersSchema,
  productInputSchema,
  vendorOrderInputSchema,
  type ORDER_STATUSES,
  type DocumentKind,
  type ModifierCategory,
  type MultiplierCategory,
  type VendorOrderStatus,
} from '@desk/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { seededRandom, type SeededRandom } from '../lib/seeded-random.js';
import { CatalogService } from '../modules/catalog/catalog.service.js';
import { CustomersService } from '../modules/customers/customers.service.js';
import { DocumentsService } from '../modules/documents/documents.service.js';
import { StockService } from '../modules/stock/stock.service.js';
import { LoadersService } from '../modules/loaders/loaders.service.js';
import { seedCompanySettings } from '../modules/settings/settings.bulk.js';
import { VendorOrdersService } from '../modules/vendor-orders/vendor-orders.service.js';
import demoSet from './demo-data.json' with { type: 'json' };

type PartTypeName = 'Part' | 'Hardware' | 'Opener' | 'Spring';
type PackageTypeName = 'Package' | 'Door Package';
type OrderStatusName = (typeof ORDER_STATUSES)[number]['type'];

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The data set's shape (demo-data.json)
// ---------------------------------------------------------------------------------------------

export interface DemoPart {
  itemNo: string;
  description: string;
  /** Wholesale list price in cents. */
  wholesale: number;
  category: MultiplierCategory | null;
  type: PartTypeName;
  /** What applying a modifier that adds this part raises the line by, in cents per unit. */
  modifierCost?: number;
  windowsData?: string;
  windowDescription?: string;
  insertsData?: string;
  insertDescription?: string;
}

export interface DemoModifier {
  category: ModifierCategory;
  /** LiftNotes carry notes only: no name, no product. */
  name: string | null;
  quantity: number;
  /** Item number of the part the modifier adds; null for LiftNotes. */
  product: string | null;
  notes: string | null;
}

export interface DemoPackage {
  itemNo: string;
  description: string;
  wholesale: number;
  category: MultiplierCategory;
  type: PackageTypeName;
  /** Associated parts: item number and quantity per door. */
  parts: ReadonlyArray<readonly [string, number]>;
  modifiers: readonly DemoModifier[];
  windowsData?: string;
  windowDescription?: string;
}

interface Address {
  street: string;
  city: string;
  state: string;
  zipCode: string;
}

export interface DemoCustomer {
  customerNo: string;
  name: string;
  contactName: string;
  email: string;
  phone: string;
  fax: string | null;
  mobilePhone: string | null;
  address: Address;
  /** null: ship to the street address. */
  shipTo: Address | null;
  specialNeeds: string | null;
  specialInstructions: string | null;
  taxCode: 'RESALE' | 'TAXABLE';
  termsCode: 'Net 30' | 'Net 15' | 'COD';
  useTax: boolean;
  /** Decimal factors as the customer form shows them (0.85 = 15% off list). */
  multipliers: { residential: number; opener: number; sectional: number; commercial: number };
}

interface LineSketch {
  /** Item number of the product on the line. */
  p: string;
  q?: number;
  /** Price override of the whole line, in cents. */
  o?: number;
  /** Modifiers to apply, as 'Category' or 'Category:name prefix'; default: picked by the PRNG. */
  mods?: string[];
}

interface DocSketch {
  /** Customer number. */
  c: string;
  job: string;
  daysAgo: number;
  /** undefined: a generated PO number; null: none (walk-in, COD). */
  po?: string | null;
  note?: string;
  lines: LineSketch[];
}

interface OrderSketch extends Omit<DocSketch, 'lines'> {
  status: OrderStatusName;
  lines?: LineSketch[];
  pickup?: boolean;
  /** Staged as the current load of this bay. */
  bay?: 1 | 2;
  /** Exported from the quote with this job name: same customer, lines, sub-parts and modifiers. */
  fromQuote?: string;
}

interface VendorOrderSketch {
  name: string;
  description: string;
  status: VendorOrderStatus;
  daysAgo: number;
  /** Days from now to the estimated arrival (negative: in the past). */
  arrivesIn: number;
  /** Job names of the orders waiting on it. */
  orders: string[];
}

/** A package's modifiers in demo-data.json: its own, or the name of a shared set (the track and glass choices). */
type ModifierEntry = DemoModifier | string;

const data = demoSet as unknown as {
  company: {
    street: string;
    city: string;
    state: string;
    zip: string;
    phone: string;
    email: string;
    quote_validity_days: number;
    terms: string;
  };
  parts: DemoPart[];
  modifierSets: Record<string, DemoModifier[]>;
  packages: Array<Omit<DemoPackage, 'modifiers'> & { modifiers: ModifierEntry[] }>;
  customers: Array<
    Omit<DemoCustomer, 'fax' | 'mobilePhone' | 'shipTo' | 'specialNeeds' | 'specialInstructions'> &
      Partial<DemoCustomer>
  >;
  subPartNotes: Record<string, string>;
  modifierCombos: string[][];
  quotes: DocSketch[];
  orders: OrderSketch[];
  vendorOrders: VendorOrderSketch[];
};

/** The demo business's letterhead: address, phone, e-mail, a 30-day quote validity and terms. */
export const DEMO_COMPANY = data.company;
export const DEMO_PARTS: readonly DemoPart[] = data.parts;
export const DEMO_PACKAGES: readonly DemoPackage[] = data.packages.map((p) => ({
  ...p,
  modifiers: p.modifiers.flatMap((m) => {
    if (typeof m !== 'string') return [m];
    const set = data.modifierSets[m];
    if (!set) throw new Error(`Demo data: no modifier set ${m}`);
    return set;
  }),
}));
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = data.customers.map((c) => ({
  fax: null,
  mobilePhone: null,
  shipTo: null,
  specialNeeds: null,
  specialInstructions: null,
  ...c,
}));
const QUOTE_SKETCHES: readonly DocSketch[] = data.quotes;
const ORDER_SKETCHES: readonly OrderSketch[] = data.orders;
const VENDOR_ORDER_SKETCHES: readonly VendorOrderSketch[] = data.vendorOrders;
/** Combinations of modifiers an installer typically applies together, for lines without `mods`. */
const MODIFIER_COMBOS: readonly string[][] = data.modifierCombos;
const SUB_PART_NOTES: Record<string, string> = data.subPartNotes;

// ---------------------------------------------------------------------------------------------
// The plan: everything resolved to plain values for a given `now`
// ---------------------------------------------------------------------------------------------

export interface DemoAppliedModifier {
  /** The package modifier, found by modifierKey(packageItemNo, modifier). */
  modifier: DemoModifier;
  notes: string | null;
  inches: string | null;
}

export interface DemoLine {
  product: string;
  quantity: number;
  priceOverride: number | null;
  /** ASSOC_PART sub-parts: a snapshot of the package's associated parts (empty for plain parts). */
  subParts: Array<{ product: string; quantity: number; notes: string | null }>;
  modifiers: DemoAppliedModifier[];
}

export interface DemoDocument {
  customerNo: string;
  jobName: string;
  poNumber: string | null;
  specialInstructions: string | null;
  /** YYYY-MM-DD */
  date: string;
  createdAt: string;
  updatedAt: string;
  lines: DemoLine[];
}

export interface DemoOrder extends DemoDocument {
  status: OrderStatusName;
  orderPickup: 0 | 1;
  currentLoad: 0 | 1;
  loadingBay: number | null;
  sourceQuoteJob: string | null;
  completedAt: string | null;
}

export interface DemoVendorOrder {
  name: string;
  description: string;
  status: VendorOrderStatus;
  estimatedArrival: string;
  createdAt: string;
  updatedAt: string;
  orderJobs: string[];
}

export interface DemoPlan {
  quotes: DemoDocument[];
  orders: DemoOrder[];
  vendorOrders: DemoVendorOrder[];
}

/** Identifies a package modifier within the demo set (names repeat across categories). */
export function modifierKey(packageItemNo: string, m: Pick<DemoModifier, 'category' | 'name' | 'notes'>): string {
  return `${packageItemNo}|${m.category}|${m.name ?? ''}|${m.notes ?? ''}`;
}

type Rng = SeededRandom;

const DEMO_SEED = 0x6a2d_1607;

const PRODUCT_BY_ITEM = new Map<string, DemoPart | DemoPackage>(
  [...DEMO_PARTS, ...DEMO_PACKAGES].map((p) => [p.itemNo, p] as const),
);
const PACKAGE_BY_ITEM = new Map(DEMO_PACKAGES.map((p) => [p.itemNo, p] as const));

function chooseModifiers(pkg: DemoPackage, wanted: readonly string[], rng: Rng): DemoAppliedModifier[] {
  const applied: DemoAppliedModifier[] = [];
  for (const want of wanted) {
    const [category, prefix] = want.split(':') as [ModifierCategory, string | undefined];
    let candidates = pkg.modifiers.filter((m) => m.category === category && m.product !== null);
    if (prefix) {
      const named = candidates.filter((m) => (m.name ?? '').startsWith(prefix));
      if (named.length > 0) candidates = named;
    }
    if (category === 'Inserts') {
      // Inserts go into the windows chosen on the same line: same count.
      const windows = applied.find((a) => a.modifier.category === 'Windows');
      const fitting = windows ? candidates.filter((m) => m.quantity === windows.modifier.quantity) : [];
      if (fitting.length > 0) candidates = fitting;
    }
    const modifier = rng.pick(candidates);
    if (applied.some((a) => a.modifier === modifier)) continue;
    applied.push({ modifier, notes: null, inches: null });
  }
  // A Lift modifier keeps an inches value: the high-lift track inches chosen on the line.
  const lift = applied.find((a) => a.modifier.category === 'Lift');
  if (lift && lift.modifier.name === 'High lift') {
    const inches = applied.find((a) => a.modifier.category === 'Inches')?.modifier.notes ?? null;
    lift.inches = inches ?? (pkg.category === 'Commercial' ? '54' : '24');
    if (rng.chance(0.5)) lift.notes = `HL ${lift.inches} in, jackshaft opener`;
  } else if (lift && lift.modifier.name === 'Low headroom') {
    lift.notes = 'Measured headroom 6 in; rear mount';
  }
  return applied;
}

function buildLine(sketch: LineSketch, rng: Rng): DemoLine {
  const product = PRODUCT_BY_ITEM.get(sketch.p);
  if (!product) throw new Error(`Demo data: unknown item number ${sketch.p}`);
  const pkg = PACKAGE_BY_ITEM.get(sketch.p);
  const quantity = sketch.q ?? (pkg ? rng.pick([1, 1, 1, 2]) : 1);
  if (!pkg) return { product: sketch.p, quantity, priceOverride: sketch.o ?? null, subParts: [], modifiers: [] };
  const subParts = pkg.parts.map(([item, qty]) => ({
    product: item,
    quantity: qty,
    notes: SUB_PART_NOTES[item] !== undefined && rng.chance(0.3) ? (SUB_PART_NOTES[item] ?? null) : null,
  }));
  const wanted = sketch.mods ?? rng.pick(MODIFIER_COMBOS);
  return {
    product: sketch.p,
    quantity,
    priceOverride: sketch.o ?? null,
    subParts,
    modifiers: chooseModifiers(pkg, wanted, rng),
  };
}

/** A deep copy of a line, still pointing at the package's own modifier definitions. */
const copyLine = (line: DemoLine): DemoLine => ({
  ...line,
  subParts: line.subParts.map((sp) => ({ ...sp })),
  modifiers: line.modifiers.map((m) => ({ ...m })),
});

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number): string => new Date(ms).toISOString();

/**
 * Resolves the sketches for a given `now`: dates, PO numbers, line quantities, applied
 * modifiers. Pure and deterministic: the same `now` gives the same plan.
 */
export function buildDemoPlan(now: Date): DemoPlan {
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new Error('Demo data: opts.now is not a valid date');
  const rng = seededRandom(DEMO_SEED);
  /** Nothing is later than a minute before now, on a whole minute. */
  const latest = Math.floor(nowMs / 60_000) * 60_000 - 60_000;
  /** A business-hours moment (15:00-23:59 UTC, 7 am-4 pm Pacific) `daysAgo` days before now. */
  const momentDaysAgo = (daysAgo: number): number => {
    const day = Math.floor(nowMs / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
    return Math.min(day + (15 + rng.below(9)) * 3_600_000 + rng.below(60) * 60_000, latest);
  };
  const later = (from: number, maxDays: number): number =>
    Math.min(from + (1 + rng.below(Math.max(1, maxDays))) * DAY_MS - rng.below(300) * 60_000, latest);
  const poNumber = (sketch: { po?: string | null }): string | null =>
    sketch.po === undefined ? `PO-${24000 + rng.below(9000)}` : sketch.po;

  const quotes: DemoDocument[] = QUOTE_SKETCHES.map((s) => {
    const created = momentDaysAgo(s.daysAgo);
    return {
      customerNo: s.c,
      jobName: s.job,
      poNumber: poNumber(s),
      specialInstructions: s.note ?? null,
      date: isoDate(created),
      createdAt: isoTime(created),
      updatedAt: isoTime(Math.max(created, later(created, Math.min(s.daysAgo, 5)))),
      lines: s.lines.map((l) => buildLine(l, rng)),
    };
  });
  const quoteByJob = new Map(quotes.map((q) => [q.jobName, q] as const));

  const orders: DemoOrder[] = ORDER_SKETCHES.map((s) => {
    const created = momentDaysAgo(s.daysAgo);
    const quote = s.fromQuote ? quoteByJob.get(s.fromQuote) : undefined;
    if (s.fromQuote && (!quote || quote.customerNo !== s.c)) {
      throw new Error(`Demo data: order "${s.job}" names an unknown quote "${s.fromQuote}"`);
    }
    // Export to Order copies the header, lines, overrides, sub-parts and applied modifiers.
    const lines = quote ? quote.lines.map(copyLine) : (s.lines ?? []).map((l) => buildLine(l, rng));
    const closed = s.status === 'Completed' || s.status === 'Cancelled';
    const completed = s.status === 'Completed' ? later(created, 10) : null;
    const updated = completed ?? (closed ? later(created, 5) : later(created, Math.min(s.daysAgo, 6)));
    return {
      customerNo: s.c,
      jobName: s.job,
      poNumber: quote ? quote.poNumber : poNumber(s),
      specialInstructions: s.note ?? quote?.specialInstructions ?? null,
      date: isoDate(created),
      createdAt: isoTime(created),
      updatedAt: isoTime(Math.max(created, updated)),
      lines,
      status: s.status,
      orderPickup: s.pickup ? 1 : 0,
      currentLoad: s.bay ? 1 : 0,
      loadingBay: s.bay ?? null,
      sourceQuoteJob: quote ? quote.jobName : null,
      completedAt: completed === null ? null : isoTime(completed),
    };
  });

  const vendorOrders: DemoVendorOrder[] = VENDOR_ORDER_SKETCHES.map((s) => {
    const created = momentDaysAgo(s.daysAgo);
    return {
      name: s.name,
      description: s.description,
      status: s.status,
      estimatedArrival: isoDate(nowMs + s.arrivesIn * DAY_MS),
      createdAt: isoTime(created),
      updatedAt: isoTime(Math.max(created, later(created, Math.min(s.daysAgo, 4)))),
      orderJobs: s.orders,
    };
  });

  return { quotes, orders, vendorOrders };
}
// ---------------------------------------------------------------------------------------------
// Loading, through the services
// ---------------------------------------------------------------------------------------------

/** Rows written per table. */
export interface DemoSummary {
  customers: number;
  products: number;
  associated_parts: number;
  package_modifiers: number;
  quotes: number;
  quote_parts: number;
  quote_part_modifiers: number;
  quote_sub_parts: number;
  orders: number;
  order_parts: number;
  order_part_modifiers: number;
  order_sub_parts: number;
  vendor_orders: number;
  linked_orders: number;
}

/** The tables the demo set fills, in the order the summary lists them. */
export const DEMO_TABLES: ReadonlyArray<keyof DemoSummary> = [
  'customers',
  'products',
  'associated_parts',
  'package_modifiers',
  'quotes',
  'quote_parts',
  'quote_part_modifiers',
  'quote_sub_parts',
  'orders',
  'order_parts',
  'order_part_modifiers',
  'order_sub_parts',
  'vendor_orders',
  'linked_orders',
];

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data: ${what} not found`);
  return value;
}

async function countRows(trx: Transaction<DB>, table: keyof DemoSummary): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Throws, naming what is there, unless the database holds no customers, products or vendor orders. */
async function refuseUnlessEmpty(trx: Transaction<DB>) {
  const existing: Array<[number, string, string]> = [
    [await countRows(trx, 'customers'), 'customer', 'customers'],
    [await countRows(trx, 'products'), 'product', 'products'],
    [await countRows(trx, 'vendor_orders'), 'vendor order', 'vendor orders'],
  ];
  const held = existing.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (held.length > 0) {
    const list = held.length > 1 ? `${held.slice(0, -1).join(', ')} and ${held.at(-1)}` : held.join('');
    throw new Error(
      `The database already holds ${list}; demo data only goes into an empty, freshly migrated database, ` +
        'so it never mixes with real data.',
    );
  }
}

/**
 * The services open a transaction per change; inside the loader's transaction they join it
 * instead (Kysely does not nest transactions), so the whole demo set commits or fails as one.
 */
function joined(trx: Transaction<DB>): Kysely<DB> {
  return new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction')
        return () => ({ execute: <T>(work: (t: Transaction<DB>) => Promise<T>) => work(target) });
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Fills a freshly migrated database with the demo set, in one transaction, through the
 * services. Each step runs on a clock set to when the plan says it happened. Throws, changing
 * nothing, when the database already holds customers, products or vendor orders.
 */
export async function loadDemoData(db: Kysely<DB>, opts: { now?: Date } = {}): Promise<DemoSummary> {
  const now = opts.now ?? new Date();
  const plan = buildDemoPlan(now);
  return db.transaction().execute(async (trx) => {
    await refuseUnlessEmpty(trx);
    let at = now.getTime();
    const clock = () => at;
    const setClock = (iso: string) => (at = Date.parse(iso));
    const tx = joined(trx);
    const taxRate = Math.round(DEFAULT_TAX_RATE * 1_000_000);
    const catalog = new CatalogService(tx, clock, taxRate);
    const customers = new CustomersService(tx, clock);
    const documents = new DocumentsService(tx, clock, taxRate);
    const loaders = new LoadersService(tx, clock, 0);
    const vendorOrders = new VendorOrdersService(tx, clock);

    // Catalogue: parts, then packages with their associated parts and modifiers
    setClock(isoTime(now.getTime() - 120 * DAY_MS));
    const typeIds = new Map((await catalog.productTypes()).map((t) => [t.type, t.id] as const));
    const productIds = new Map<string, number>();
    const productId = (itemNo: string) => must(productIds.get(itemNo), `product ${itemNo}`);
    const modifierIds = new Map<string, number>();
    for (const p of [...DEMO_PARTS, ...DEMO_PACKAGES]) {
      const part: Partial<DemoPart> = 'parts' in p ? {} : p;
      const input = productInputSchema.parse({
        itemNo: p.itemNo,
        itemDescription: p.description,
        wholesalePrice: fromCents(p.wholesale),
        multiplierCategory: p.category,
        productType: must(typeIds.get(p.type), `product type '${p.type}' (run the migrations first)`),
        modifierCostIncrease: fromCents(part.modifierCost ?? 0),
        windowsData: p.windowsData,
        windowDescription: p.windowDescription,
        insertsData: part.insertsData,
        insertDescription: part.insertDescription,
      });
      productIds.set(p.itemNo, (await catalog.createProduct(input)).id);
    }
    for (const pkg of DEMO_PACKAGES) {
      const id = productId(pkg.itemNo);
      for (const [child, quantity] of pkg.parts) await catalog.addAssociatedPart(id, productId(child), quantity);
      for (const m of pkg.modifiers) {
        const input = packageModifierInputSchema.parse({
          ...m,
          product: m.product === null ? null : productId(m.product),
        });
        modifierIds.set(modifierKey(pkg.itemNo, m), (await catalog.createModifier(id, input)).id);
      }
    }
    const modifierId = (pkg: string, m: DemoModifier) =>
      must(modifierIds.get(modifierKey(pkg, m)), `modifier ${modifierKey(pkg, m)}`);

    // Opening stock on the shelf (docs/stock.md) before any order takes from it, and a reorder
    // point on every third part.
    const stock = new StockService(tx, clock);
    const opener = { userId: 0, username: 'demo data' };
    for (const [i, p] of DEMO_PARTS.entries()) {
      const id = productId(p.itemNo);
      const quantity = 6 + ((i * 7) % 40);
      await stock.adjust({ productId: id, quantity, reason: 'initial', note: 'opening stock' }, undefined, opener);
      if (i % 3 === 0) await stock.setReorder(id, { reorderPoint: 10, reorderQuantity: 24 });
    }

    // Customers
    setClock(isoTime(now.getTime() - 100 * DAY_MS));
    const customerIds = new Map<string, number>();
    for (const c of DEMO_CUSTOMERS) {
      const input = customerInputSchema.parse({
        ...c,
        streetAddress: c.address,
        shipTo: c.shipTo ?? c.address,
        openerMultiplier: c.multipliers.opener,
        residentialMultiplier: c.multipliers.residential,
        sectionalMultiplier: c.multipliers.sectional,
        commercialMultiplier: c.multipliers.commercial,
      });
      customerIds.set(c.customerNo, (await customers.create(input)).id);
    }

    /** Who the history names for the demo's documents (idempotency keys are not used: user 0). */
    const demo = { userId: 0, username: 'demo data' };
    /** The header form as a clerk fills it in. */
    const headerInput = (kind: DocumentKind, doc: DemoDocument, extra: Record<string, unknown> = {}) =>
      documentInputSchema.parse({
        customer: must(customerIds.get(doc.customerNo), `customer ${doc.customerNo}`),
        jobName: doc.jobName,
        poNumber: doc.poNumber,
        specialInstructions: doc.specialInstructions,
        [kind === 'order' ? 'orderDate' : 'quoteDate']: doc.date,
        ...extra,
      });
    /** Lines as typed into the cart: product and quantity, override, sub-part notes, starred modifiers. */
    const addLines = async (kind: DocumentKind, docId: number, lines: readonly DemoLine[]) => {
      for (const line of lines) {
        const added = await documents.addLine(kind, docId, productId(line.product), line.quantity, demo);
        const lineId = must(added.line?.id, `line of ${line.product}`);
        if (line.priceOverride !== null) await documents.setPriceOverride(kind, lineId, line.priceOverride, demo);
        const assoc = (await documents.subParts(kind, lineId)).filter((s) => s.source === 'ASSOC_PART');
        for (const [i, sp] of line.subParts.entries()) {
          const row = must(assoc[i], `sub-part ${sp.product} of ${line.product}`);
          if (row.product.itemNo !== sp.product) throw new Error(`Demo data: sub-part ${i} of ${line.product} differs`);
          if (sp.notes !== null)
            await documents.setSubPartNotes(kind, lineId, row.rowId, 'ASSOC_PART', sp.notes, undefined, demo);
        }
        for (const m of line.modifiers)
          await documents.upsertModifier(kind, lineId, modifierId(line.product, m.modifier), m.notes, m.inches, demo);
      }
    };

    // Quotes: created, filled, last saved
    const quoteIds = new Map<string, number>();
    for (const q of plan.quotes) {
      setClock(q.createdAt);
      const { id } = (await documents.create('quote', headerInput('quote', q), undefined, demo)).body;
      await addLines('quote', id, q.lines);
      setClock(q.updatedAt);
      await documents.update('quote', id, headerInput('quote', q), demo);
      quoteIds.set(q.jobName, id);
    }

    // Orders: typed in or exported from a quote; then moved to their status, pickup and bay
    const statusIds = new Map((await catalog.orderStatuses()).map((s) => [s.type, s.id] as const));
    const orderIds = new Map<string, number>();
    for (const o of plan.orders) {
      setClock(o.createdAt);
      const quote = o.sourceQuoteJob === null ? undefined : must(quoteIds.get(o.sourceQuoteJob), o.sourceQuoteJob);
      const { id } = (
        quote === undefined
          ? await documents.create('order', headerInput('order', o), undefined, demo)
          : await documents.createFromQuote(quote, false, undefined, demo)
      ).body;
      if (quote === undefined) await addLines('order', id, o.lines);
      setClock(o.updatedAt);
      const status = must(statusIds.get(o.status), `order status '${o.status}' (run the migrations first)`);
      await documents.update(
        'order',
        id,
        headerInput('order', o, { orderStatus: status, orderPickup: o.orderPickup }),
        demo,
      );
      if (o.loadingBay !== null) {
        const bay = { id, loading_bay: o.loadingBay, current_load: o.currentLoad === 1 };
        await loaders.saveAssignments(pickupOrdersSchema.parse([bay]), true);
      }
      orderIds.set(o.jobName, id);
    }

    // Vendor orders, linked to the orders waiting on them
    for (const v of plan.vendorOrders) {
      setClock(v.createdAt);
      const input = vendorOrderInputSchema.parse(v);
      const { id } = await vendorOrders.create(input);
      for (const job of v.orderJobs) await vendorOrders.link(must(orderIds.get(job), `order ${job}`), id);
      setClock(v.updatedAt);
      await vendorOrders.update(id, input);
    }

    // The letterhead, unless an administrator has saved one already. The name stays empty: it
    // is COMPANY_NAME of the configuration until someone sets it in the Company tab (the
    // settings service would require one), and the row stays at version 1, as installed.
    await seedCompanySettings(trx, DEMO_COMPANY, isoTime(now.getTime()));

    const summary = {} as DemoSummary;
    for (const table of DEMO_TABLES) summary[table] = await countRows(trx, table);
    return summary;
  });
}
