/**
 * A large, realistic data set for performance work (issue 6): 5,000 customers, 3,000 products
 * (300 door packages with associated parts and modifiers in all eight categories), 100,000
 * orders in every status, 30,000 quotes, about 500,000 cart lines with their sub-parts and
 * applied modifiers, and 2,000 vendor orders with links. Deterministic (fixed seed).
 *
 * The rows go in through the modules' bulk inserts (customers.bulk.ts, catalog.bulk.ts,
 * documents.bulk.ts, vendor-orders.bulk.ts), which check each input as the API would and follow
 * the services' rules; this file only decides what the business looks like.
 */
import { fromCents, MODIFIER_CATEGORIES, multiplierFromScaled, scaleDecimal } from '@desk/domain';
import { bulkWriter } from '../db/bulk-writer.js';
import type { Database } from '../db/database.js';
import { seededRandom } from '../lib/seeded-random.js';
import { bulkInsertCatalogue, type BulkPackage, type BulkProduct } from '../modules/catalog/catalog.bulk.js';
import { bulkInsertCustomers, type BulkCustomer } from '../modules/customers/customers.bulk.js';
import {
  documentsBulkWriter,
  quoteIdShare,
  stampQuoteStatusInBulk,
  type BulkDocument,
  type BulkLine,
} from '../modules/documents/documents.bulk.js';
import { bulkInsertVendorOrders, type BulkVendorOrder } from '../modules/vendor-orders/vendor-orders.bulk.js';

export interface LargeOptions {
  customers: number;
  products: number;
  packages: number;
  orders: number;
  quotes: number;
  vendorOrders: number;
  seed: number;
  now: Date;
}

export const LARGE_DEFAULTS: LargeOptions = {
  customers: 5000,
  products: 3000,
  packages: 300,
  orders: 100_000,
  quotes: 30_000,
  vendorOrders: 2000,
  seed: 20261122,
  now: new Date('2026-11-01T12:00:00Z'),
};

/** Comma lists, split: names one after another rather than one a line. */
const list = (...parts: string[]) => parts.flatMap((p) => p.split(', '));
const SURNAMES = list(
  'Hendricks, Morgan, Alvarez, Nguyen, Patel, Okafor, Lindqvist, Côté, Schmidt, Rossi, Kowalski',
  "O'Brien, Yamamoto, Haddad, Fischer, Dubois, Garcia, Murphy, Silva, Novak",
);
const FIRST = list('Dale, Pat, Sam, Alex, Jordan, Chris, Taylor, Morgan, Jamie, Robin, Jérôme, Ana, Lee, Kim, Drew');
const TRADES = list(
  'Overhead Door, Garage Doors, Door & Dock, Door Service, Builders, Homes, Construction, Door Co.',
  'Installations, Door Systems',
);
/** City, state and the first three digits of its ZIP codes. */
const CITIES = list(
  'Sacramento|CA|958, Roseville|CA|956, Folsom|CA|956, Davis|CA|956, Elk Grove|CA|957, Reno|NV|895, Stockton|CA|952, Auburn|CA|956',
).map((c) => c.split('|') as [string, string, string]);
const STREETS = list(
  'Main St, Foothills Blvd, Natoma St, 5th St, Industrial Way, Commerce Dr, Yard Rd, Oak Ave',
  'Sunrise Blvd, Power Inn Rd',
);
const JOBS = list(
  'residence - 2 car garage, residence - replace 16x7, new build lot, warehouse dock door',
  'storage unit row, shop door, fire station bay, office door, carriage house',
);
const PART_KINDS: [string, string, number, string][] = [
  ['SEC', 'insulated steel section, raised panel', 14500, 'Part'],
  ['HNG', 'residential hinge, 14 ga galvanized', 210, 'Hardware'],
  ['ROL', '2" nylon 10-ball roller, 4" stem', 345, 'Hardware'],
  ['TRK', '2" vertical track, pair, jamb brackets', 4200, 'Part'],
  ['TT', '1" torsion tube, 16 ga galvanized', 3800, 'Part'],
  ['CBL', '1/8" galvanized lift cable, pair', 1450, 'Hardware'],
  ['SEAL', 'Bottom seal, T-style vinyl', 2600, 'Part'],
  ['STR', 'Strut, 3" galvanized', 1900, 'Hardware'],
  ['OPN', 'Belt drive opener, 1/2 HP', 32900, 'Opener'],
  ['RMT', '3-button remote', 2900, 'Part'],
  ['SPR', 'Torsion spring, oil tempered', 6200, 'Spring'],
  ['HLK', 'High-lift track kit', 14000, 'Hardware'],
  ['RAD', 'Radius track section', 3600, 'Part'],
  ['WIN', 'Window kit, short panel', 8800, 'Part'],
  ['INS', 'Decorative insert, Stockton', 2400, 'Part'],
];
const MULT_CATS = ['Residential', 'Opener', 'Sectional', 'Commercial', null] as const;

const VENDORS = ['Clopay', 'Amarr', 'LiftMaster', 'Wayne Dalton', 'Raynor'];
/** Share of orders in each status. */
const STATUS_MIX: ReadonlyArray<readonly [string, number]> = [
  ['Completed', 0.76],
  ['Cancelled', 0.05],
  ['Open', 0.1],
  ['In Progress', 0.05],
  ['Awaiting Parts', 0.0385],
  ['Ready for Pickup', 0.0015],
];

/** The generator's old names: int(min, max) includes both ends. */
function rng(seed: number) {
  const r = seededRandom(seed);
  return { ...r, int: r.between };
}

export async function loadLargeData(
  database: Database,
  opts: LargeOptions = LARGE_DEFAULTS,
  log: (s: string) => void = () => {},
) {
  const db = database.db;
  const existing = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  if (existing)
    throw new Error('The database already holds customers: db:large only fills an empty, freshly migrated database.');
  const typeRows = await db.selectFrom('product_types').select(['id', 'type']).execute();
  const types = (name: string): number => {
    const t = typeRows.find((x) => x.type === name);
    if (!t) throw new Error(`Product type ${name} is missing`);
    return t.id;
  };
  const r = rng(opts.seed);
  const w = bulkWriter(database);
  const nowMs = opts.now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = (ms: number) => iso(ms).slice(0, 10);
  const counts: Record<string, number> = {};
  const add = (c: Record<string, number>) => {
    for (const [t, n] of Object.entries(c)) counts[t] = (counts[t] ?? 0) + n;
  };
  const started = Date.now();

  await w.run(async () => {
    // Customers, as the customer form would send them
    const customers: BulkCustomer[] = [];
    for (let i = 1; i <= opts.customers; i++) {
      const [city, state, zip] = r.pick(CITIES);
      const name = `${r.pick(SURNAMES)} ${r.pick(TRADES)} ${i}`;
      // Multipliers as percentages: 85 is the multiplier's four decimals shifted by two (0.8500).
      const [residential, opener, sectional, commercial] = [
        r.int(85, 100),
        r.int(80, 100),
        r.int(85, 100),
        r.int(90, 105),
      ].map((percent) => multiplierFromScaled(scaleDecimal(percent, 2)));
      const street = `${r.int(10, 9999)} ${r.pick(STREETS)}`;
      customers.push({
        id: i,
        createdAt: iso(nowMs - r.int(400, 1500) * 86_400_000),
        input: {
          customerNo: `C-${10000 + i}`,
          name,
          contactName: `${r.pick(FIRST)} ${r.pick(SURNAMES)}`,
          email: `buyer${i}@example.com`,
          phone: `(916) 555-${String(i % 10000).padStart(4, '0')}`,
          streetAddress: { street, city, state, zipCode: `${zip}${r.int(10, 99)}` },
          shipTo: { street, city, state, zipCode: `${zip}${r.int(10, 99)}` },
          taxCode: r.chance(0.3) ? 'TAXABLE' : 'RESALE',
          termsCode: r.pick(['Net 30', 'COD', 'Net 15']),
          useTax: r.chance(0.3),
          openerMultiplier: opener,
          residentialMultiplier: residential,
          sectionalMultiplier: sectional,
          commercialMultiplier: commercial,
        },
      });
    }
    counts.customers = await bulkInsertCustomers(w, customers);
    log(`customers ${opts.customers}`);

    // Products: packages first (ids 1..packages), then parts; then the packages' composition.
    const products: BulkProduct[] = [];
    for (let i = 1; i <= opts.packages; i++) {
      const width = r.pick([8, 9, 10, 12, 16, 18]);
      const h = r.pick([7, 8, 10, 12, 14]);
      const commercial = width >= 12 && h >= 10;
      products.push({
        id: i,
        input: {
          itemNo: `PKG-${String(i).padStart(4, '0')}`,
          itemDescription: `${width}x${h} ${commercial ? 'commercial ribbed' : 'insulated'} steel sectional door package`,
          wholesalePrice: fromCents(r.int(60000, 450000)),
          multiplierCategory: commercial ? 'Commercial' : r.pick(['Sectional', 'Residential']),
          productType: types(r.chance(0.5) ? 'Door Package' : 'Package'),
        },
      });
    }
    const modifierProducts: number[] = [];
    for (let i = opts.packages + 1; i <= opts.products; i++) {
      const [prefix, desc, price, type] = r.pick(PART_KINDS);
      const isModPart = ['HLK', 'SPR', 'RAD', 'WIN', 'INS'].includes(prefix) || r.chance(0.05);
      if (isModPart) modifierProducts.push(i);
      products.push({
        id: i,
        input: {
          itemNo: `${prefix}-${String(i).padStart(5, '0')}`,
          itemDescription: `${desc} #${i}`,
          wholesalePrice: fromCents(Math.round(price * (0.8 + r.next() * 0.4))),
          multiplierCategory: r.pick(MULT_CATS),
          productType: types(type),
          modifierCostIncrease: isModPart ? r.int(5, 40) * 5 : 0,
        },
      });
    }
    const packages: BulkPackage[] = [];
    let modId = 1;
    for (let p = 1; p <= opts.packages; p++) {
      const chosen = new Set<number>();
      while (chosen.size < 8) chosen.add(r.int(opts.packages + 1, opts.products));
      packages.push({
        packageId: p,
        parts: [...chosen].map((c) => [c, r.int(1, 12)] as const),
        modifiers: [...MODIFIER_CATEGORIES, 'Lift', 'Springs'].map((category) => {
          const notes = category === 'LiftNotes';
          const id = modId++;
          return {
            id,
            input: {
              category,
              name: notes ? null : `${category} option ${id}`,
              quantity: category === 'Springs' ? 2 : 1,
              product: notes ? null : r.pick(modifierProducts),
              notes:
                category === 'Inches' ? String(r.pick([12, 18, 24, 30])) : notes ? 'HL 24 in, jackshaft opener' : null,
            },
          };
        }),
      });
    }
    add(await bulkInsertCatalogue(db, w, { products, packages, createdAt: iso(nowMs - 1000 * 86_400_000) }));
    log('catalogue and packages composed');

    // Documents, in chunks so memory stays flat.
    const modifiersOf = new Map(
      packages.map((p) => [
        p.packageId,
        p.modifiers
          .filter((m) => m.input.product !== null)
          .map((m) => ({ id: m.id, lift: m.input.category === 'Lift' })),
      ]),
    );
    const pickStatus = () => {
      let x = r.next();
      for (const [s, p] of STATUS_MIX) {
        if ((x -= p) < 0) return s;
      }
      return 'Open';
    };
    const documents = await documentsBulkWriter(db, w);
    let baysFilled = 0;
    for (const kind of ['quote', 'order'] as const) {
      const total = kind === 'order' ? opts.orders : opts.quotes;
      const CHUNK = 5000;
      for (let start = 1; start <= total; start += CHUNK) {
        const docs: BulkDocument[] = [];
        for (let id = start; id < Math.min(start + CHUNK, total + 1); id++) {
          const when = nowMs - Math.floor((1 - id / total) * 1095 * 86_400_000) - r.int(0, 86_400_000);
          const lines: BulkLine[] = [];
          const doc: BulkDocument = {
            id,
            customerId: r.int(1, opts.customers),
            jobName: `${r.pick(SURNAMES)} ${r.pick(JOBS)}`,
            poNumber: r.chance(0.7) ? `PO-${r.int(10000, 99999)}` : null,
            date: day(when),
            useTax: r.chance(0.3),
            createdAt: iso(when),
            lines,
          };
          if (kind === 'order') {
            doc.status = pickStatus();
            doc.pickup = doc.status === 'Ready for Pickup';
            doc.bay = doc.pickup && baysFilled < 8 && r.chance(0.2) ? ++baysFilled : null;
          }
          const nLines = r.int(1, 7);
          for (let n = 0; n < nLines; n++) {
            const isPkg = r.chance(0.7);
            const line: BulkLine = {
              productId: isPkg ? r.int(1, opts.packages) : r.int(opts.packages + 1, opts.products),
              quantity: r.int(1, 4),
              priceOverride: r.chance(0.05) ? r.int(50000, 500000) : null,
            };
            lines.push(line);
            if (!isPkg) continue;
            const mods = modifiersOf.get(line.productId)!;
            const chosen = new Map<number, { packageModifierId: number; inches: string | null }>();
            for (let k = r.int(0, 2); k > 0; k--) {
              const mod = r.pick(mods);
              const inches = mod.lift && r.chance(0.5) ? '24' : null;
              if (!chosen.has(mod.id)) chosen.set(mod.id, { packageModifierId: mod.id, inches });
            }
            line.modifiers = [...chosen.values()];
          }
          docs.push(doc);
        }
        add(await documents.write(kind, docs));
        log(
          `${kind}s ${Math.min(start + CHUNK - 1, total)}/${total} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }

    // Vendor orders, each waiting on one or two orders (a pair linked once)
    const links = new Set<string>();
    const waiting = new Map<number, number[]>();
    for (let n = 0; n < Math.min(opts.vendorOrders * 1.5, opts.orders);) {
      const o = r.int(1, opts.orders);
      const v = r.int(1, opts.vendorOrders);
      if (links.has(`${o}:${v}`)) continue;
      links.add(`${o}:${v}`);
      waiting.set(v, [...(waiting.get(v) ?? []), o]);
      n++;
    }
    const vendorOrders: BulkVendorOrder[] = [];
    for (let i = 1; i <= opts.vendorOrders; i++) {
      const when = nowMs - r.int(0, 700) * 86_400_000;
      vendorOrders.push({
        id: i,
        createdAt: iso(when),
        orders: waiting.get(i) ?? [],
        input: {
          name: `${r.pick(VENDORS)} stock order #${4000 + i}`,
          description: r.pick(['Sections', 'Springs and hardware', 'Openers', 'Track and rollers']),
          estimatedArrival: day(when + 14 * 86_400_000),
          status: r.pick(['Ordered', 'Shipped', 'Received', 'Cancelled']),
        },
      });
    }
    add(await bulkInsertVendorOrders(w, vendorOrders));
  });
  await w.finish(Object.keys(counts));
  return { counts, seconds: (Date.now() - started) / 1000 };
}

/**
 * The quotes' lifecycle, as a year of counter work leaves it: six in ten Sent on their quote date
 * at 16:00 UTC, and half of those Accepted at 17:00 (the dashboard's quotes sent and won read these).
 */
export async function markQuoteLifecycle(db: Database['db']): Promise<void> {
  const sent = quoteIdShare(10, 6);
  await stampQuoteStatusInBulk(db, 'Sent', '16:00:00.000Z', [sent]);
  await stampQuoteStatusInBulk(db, 'Accepted', '17:00:00.000Z', [sent, quoteIdShare(5, 2)]);
}
