/**
 * A large, realistic data set for performance work (issue 6): 5,000 customers, 3,000 products
 * (300 door packages with associated parts and modifiers in all eight categories), 100,000
 * orders in every status, 30,000 quotes, about 500,000 cart lines with their sub-parts and
 * applied modifiers, and 2,000 vendor orders with links. Deterministic (fixed seed).
 */
import { MODIFIER_CATEGORIES } from '@desk/domain';
import type { Database } from '../db/database.js';
import { bulkWriter, type Value } from './bulk-writer.js';

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

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

const SURNAMES = [
  'Hendricks',
  'Morgan',
  'Alvarez',
  'Nguyen',
  'Patel',
  'Okafor',
  'Lindqvist',
  'Côté',
  'Schmidt',
  'Rossi',
  'Kowalski',
  "O'Brien",
  'Yamamoto',
  'Haddad',
  'Fischer',
  'Dubois',
  'Garcia',
  'Murphy',
  'Silva',
  'Novak',
];
const FIRST = [
  'Dale',
  'Pat',
  'Sam',
  'Alex',
  'Jordan',
  'Chris',
  'Taylor',
  'Morgan',
  'Jamie',
  'Robin',
  'Jérôme',
  'Ana',
  'Lee',
  'Kim',
  'Drew',
];
const TRADES = [
  'Overhead Door',
  'Garage Doors',
  'Door & Dock',
  'Door Service',
  'Builders',
  'Homes',
  'Construction',
  'Door Co.',
  'Installations',
  'Door Systems',
];
const CITIES: [string, string, string][] = [
  ['Sacramento', 'CA', '958'],
  ['Roseville', 'CA', '956'],
  ['Folsom', 'CA', '956'],
  ['Davis', 'CA', '956'],
  ['Elk Grove', 'CA', '957'],
  ['Reno', 'NV', '895'],
  ['Stockton', 'CA', '952'],
  ['Auburn', 'CA', '956'],
];
const STREETS = [
  'Main St',
  'Foothills Blvd',
  'Natoma St',
  '5th St',
  'Industrial Way',
  'Commerce Dr',
  'Yard Rd',
  'Oak Ave',
  'Sunrise Blvd',
  'Power Inn Rd',
];
const JOBS = [
  'residence - 2 car garage',
  'residence - replace 16x7',
  'new build lot',
  'warehouse dock door',
  'storage unit row',
  'shop door',
  'fire station bay',
  'office door',
  'carriage house',
];
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
  const statuses = await db.selectFrom('order_statuses').select(['id', 'type']).execute();
  const statusId = (type: string) => statuses.find((s) => s.type === type)!.id;
  const r = rng(opts.seed);
  const w = bulkWriter(database);
  const nowMs = opts.now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = (ms: number) => iso(ms).slice(0, 10);
  const counts: Record<string, number> = {};
  const add = (t: string, n: number) => (counts[t] = (counts[t] ?? 0) + n);
  const started = Date.now();

  await w.run(async () => {
    // Customers
    const customerRows: Value[][] = [];
    const custMults: number[][] = [];
    for (let i = 1; i <= opts.customers; i++) {
      const [city, state, zip] = r.pick(CITIES);
      const name = `${r.pick(SURNAMES)} ${r.pick(TRADES)} ${i}`;
      const mults = [r.int(85, 100) * 100, r.int(80, 100) * 100, r.int(85, 100) * 100, r.int(90, 105) * 100];
      custMults.push(mults);
      const street = `${r.int(10, 9999)} ${r.pick(STREETS)}`;
      const t = iso(nowMs - r.int(400, 1500) * 86_400_000);
      customerRows.push([
        i,
        `C-${10000 + i}`,
        name,
        `${r.pick(FIRST)} ${r.pick(SURNAMES)}`,
        `buyer${i}@example.com`,
        `(916) 555-${String(i % 10000).padStart(4, '0')}`,
        street,
        city,
        state,
        `${zip}${r.int(10, 99)}`,
        street,
        city,
        state,
        `${zip}${r.int(10, 99)}`,
        r.chance(0.3) ? 'TAXABLE' : 'RESALE',
        r.pick(['Net 30', 'COD', 'Net 15']),
        r.chance(0.3) ? 1 : 0,
        mults[0]!,
        mults[1]!,
        mults[2]!,
        mults[3]!,
        t,
        t,
      ]);
    }
    add(
      'customers',
      await w.insert(
        'customers',
        [
          'id',
          'customer_no',
          'name',
          'contact_name',
          'email',
          'phone',
          'street_street',
          'street_city',
          'street_state',
          'street_zip_code',
          'ship_street',
          'ship_city',
          'ship_state',
          'ship_zip_code',
          'tax_code',
          'terms_code',
          'use_tax',
          'opener_multiplier',
          'residential_multiplier',
          'sectional_multiplier',
          'commercial_multiplier',
          'created_at',
          'updated_at',
        ],
        customerRows,
      ),
    );
    log(`customers ${opts.customers}`);

    // Products: packages first (ids 1..packages), then parts.
    const productRows: Value[][] = [];
    const t0 = iso(nowMs - 1000 * 86_400_000);
    for (let i = 1; i <= opts.packages; i++) {
      const w1 = r.pick([8, 9, 10, 12, 16, 18]);
      const h = r.pick([7, 8, 10, 12, 14]);
      const commercial = w1 >= 12 && h >= 10;
      productRows.push([
        i,
        `PKG-${String(i).padStart(4, '0')}`,
        `${w1}x${h} ${commercial ? 'commercial ribbed' : 'insulated'} steel sectional door package`,
        r.int(60000, 450000),
        commercial ? 'Commercial' : r.pick(['Sectional', 'Residential']),
        types(r.chance(0.5) ? 'Door Package' : 'Package'),
        0,
        t0,
        t0,
      ]);
    }
    const modifierProducts: number[] = [];
    for (let i = opts.packages + 1; i <= opts.products; i++) {
      const [prefix, desc, price, type] = r.pick(PART_KINDS);
      const isModPart = ['HLK', 'SPR', 'RAD', 'WIN', 'INS'].includes(prefix) || r.chance(0.05);
      if (isModPart) modifierProducts.push(i);
      productRows.push([
        i,
        `${prefix}-${String(i).padStart(5, '0')}`,
        `${desc} #${i}`,
        Math.round(price * (0.8 + r.next() * 0.4)),
        r.pick(MULT_CATS),
        types(type),
        isModPart ? r.int(5, 40) * 500 : 0,
        t0,
        t0,
      ]);
    }
    add(
      'products',
      await w.insert(
        'products',
        [
          'id',
          'item_no',
          'item_description',
          'wholesale_price',
          'multiplier_category',
          'product_type_id',
          'modifier_cost_increase',
          'created_at',
          'updated_at',
        ],
        productRows,
      ),
    );
    log(`products ${opts.products}`);

    // Package composition
    const assocRows: Value[][] = [];
    const modRows: Value[][] = [];
    const packageParts = new Map<number, [number, number][]>();
    const packageMods = new Map<number, { id: number; product: number | null; qty: number; category: string }[]>();
    let assocId = 1;
    let modId = 1;
    for (let p = 1; p <= opts.packages; p++) {
      const chosen = new Set<number>();
      while (chosen.size < 8) chosen.add(r.int(opts.packages + 1, opts.products));
      const parts = [...chosen].map((c) => [c, r.int(1, 12)] as [number, number]);
      packageParts.set(p, parts);
      for (const [c, q] of parts) assocRows.push([assocId++, p, c, q]);
      const mods: { id: number; product: number | null; qty: number; category: string }[] = [];
      for (const category of [...MODIFIER_CATEGORIES, 'Lift', 'Springs']) {
        const product = category === 'LiftNotes' ? null : r.pick(modifierProducts);
        const qty = category === 'Springs' ? 2 : 1;
        mods.push({ id: modId, product, qty, category });
        modRows.push([
          modId,
          p,
          category,
          category === 'LiftNotes' ? null : `${category} option ${modId}`,
          qty,
          product,
          category === 'Inches'
            ? String(r.pick([12, 18, 24, 30]))
            : category === 'LiftNotes'
              ? 'HL 24 in, jackshaft opener'
              : null,
          t0,
          t0,
        ]);
        modId++;
      }
      packageMods.set(p, mods);
    }
    add(
      'associated_parts',
      await w.insert('associated_parts', ['id', 'package_id', 'child_id', 'quantity'], assocRows),
    );
    add(
      'package_modifiers',
      await w.insert(
        'package_modifiers',
        ['id', 'package_id', 'category', 'name', 'quantity', 'product_id', 'notes', 'created_at', 'updated_at'],
        modRows,
      ),
    );
    log('packages composed');

    // Documents, in chunks so memory stays flat.
    const statusMix: [string, number][] = [
      ['Completed', 0.76],
      ['Cancelled', 0.05],
      ['Open', 0.1],
      ['In Progress', 0.05],
      ['Awaiting Parts', 0.0385],
      ['Ready for Pickup', 0.0015],
    ];
    const pickStatus = () => {
      let x = r.next();
      for (const [s, p] of statusMix) {
        if ((x -= p) < 0) return s;
      }
      return 'Open';
    };
    const ids = { line: { order: 1, quote: 1 }, sub: { order: 1, quote: 1 }, mod: { order: 1, quote: 1 } };
    let baysFilled = 0;
    for (const kind of ['quote', 'order'] as const) {
      const total = kind === 'order' ? opts.orders : opts.quotes;
      const CHUNK = 5000;
      for (let start = 1; start <= total; start += CHUNK) {
        const headers: Value[][] = [];
        const lines: Value[][] = [];
        const applied: Value[][] = [];
        const subs: Value[][] = [];
        for (let id = start; id < Math.min(start + CHUNK, total + 1); id++) {
          const c = r.int(1, opts.customers);
          const m = custMults[c - 1]!;
          const when = nowMs - Math.floor((1 - id / total) * 1095 * 86_400_000) - r.int(0, 86_400_000);
          const created = iso(when);
          const job = `${r.pick(SURNAMES)} ${r.pick(JOBS)}`;
          const po = r.chance(0.7) ? `PO-${r.int(10000, 99999)}` : null;
          if (kind === 'order') {
            const status = pickStatus();
            const pickup = status === 'Ready for Pickup' ? 1 : 0;
            const inBay = pickup && baysFilled < 8 && r.chance(0.2) ? ++baysFilled : 0;
            headers.push([
              id,
              c,
              job,
              po,
              day(when),
              r.chance(0.3) ? 1 : 0,
              m[0]!,
              m[1]!,
              m[2]!,
              m[3]!,
              statusId(status),
              pickup,
              inBay ? 1 : 0,
              inBay || null,
              status === 'Completed' ? created : null,
              created,
              created,
            ]);
          } else {
            headers.push([
              id,
              c,
              job,
              po,
              day(when),
              r.chance(0.3) ? 1 : 0,
              m[0]!,
              m[1]!,
              m[2]!,
              m[3]!,
              created,
              created,
            ]);
          }
          const nLines = r.int(1, 7);
          for (let pos = 1; pos <= nLines; pos++) {
            const lineId = ids.line[kind]++;
            const isPkg = r.chance(0.7);
            const product = isPkg ? r.int(1, opts.packages) : r.int(opts.packages + 1, opts.products);
            lines.push([lineId, id, product, r.int(1, 4), r.chance(0.05) ? r.int(50000, 500000) : null, pos, created]);
            if (!isPkg) continue;
            let subPos = 1;
            for (const [child, q] of packageParts.get(product)!)
              subs.push([ids.sub[kind]++, lineId, 'ASSOC_PART', child, q, null, null, null, null, subPos++]);
            const mods = packageMods.get(product)!.filter((x) => x.product !== null);
            const nMods = r.int(0, 2);
            const usedMods = new Set<number>();
            for (let k = 0; k < nMods; k++) {
              const mod = r.pick(mods);
              if (usedMods.has(mod.id)) continue;
              usedMods.add(mod.id);
              const appliedId = ids.mod[kind]++;
              const inches = mod.category === 'Lift' && r.chance(0.5) ? '24' : null;
              applied.push([appliedId, lineId, mod.id, null, inches, created]);
              subs.push([
                ids.sub[kind]++,
                lineId,
                'MOD',
                mod.product,
                mod.qty,
                null,
                inches,
                mod.category,
                appliedId,
                subPos++,
              ]);
            }
          }
        }
        const header =
          kind === 'order'
            ? [
                'id',
                'customer_id',
                'job_name',
                'po_number',
                'order_date',
                'use_tax',
                'opener_multiplier_copy',
                'residential_multiplier_copy',
                'sectional_multiplier_copy',
                'commercial_multiplier_copy',
                'order_status_id',
                'order_pickup',
                'current_load',
                'loading_bay',
                'completed_at',
                'created_at',
                'updated_at',
              ]
            : [
                'id',
                'customer_id',
                'job_name',
                'po_number',
                'quote_date',
                'use_tax',
                'opener_multiplier_copy',
                'residential_multiplier_copy',
                'sectional_multiplier_copy',
                'commercial_multiplier_copy',
                'created_at',
                'updated_at',
              ];
        add(`${kind}s`, await w.insert(`${kind}s`, header, headers));
        add(
          `${kind}_parts`,
          await w.insert(
            `${kind}_parts`,
            ['id', `${kind}_id`, 'product_id', 'quantity', 'price_override', 'position', 'created_at'],
            lines,
          ),
        );
        add(
          `${kind}_part_modifiers`,
          await w.insert(
            `${kind}_part_modifiers`,
            ['id', `${kind}_part_id`, 'package_modifier_id', 'notes', 'inches', 'created_at'],
            applied,
          ),
        );
        add(
          `${kind}_sub_parts`,
          await w.insert(
            `${kind}_sub_parts`,
            [
              'id',
              `${kind}_part_id`,
              'source',
              'product_id',
              'quantity',
              'notes',
              'inches',
              'category',
              'applied_modifier_id',
              'position',
            ],
            subs,
          ),
        );
        log(
          `${kind}s ${Math.min(start + CHUNK - 1, total)}/${total} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }

    // Vendor orders and links
    const voRows: Value[][] = [];
    const vstat = ['Ordered', 'Shipped', 'Received', 'Cancelled'];
    for (let i = 1; i <= opts.vendorOrders; i++) {
      const when = nowMs - r.int(0, 700) * 86_400_000;
      voRows.push([
        i,
        `${r.pick(['Clopay', 'Amarr', 'LiftMaster', 'Wayne Dalton', 'Raynor'])} stock order #${4000 + i}`,
        r.pick(['Sections', 'Springs and hardware', 'Openers', 'Track and rollers']),
        day(when + 14 * 86_400_000),
        r.pick(vstat),
        iso(when),
        iso(when),
      ]);
    }
    add(
      'vendor_orders',
      await w.insert(
        'vendor_orders',
        ['id', 'name', 'description', 'estimated_arrival', 'status', 'created_at', 'updated_at'],
        voRows,
      ),
    );
    const links = new Set<string>();
    const linkRows: Value[][] = [];
    while (linkRows.length < Math.min(opts.vendorOrders * 1.5, opts.orders)) {
      const o = r.int(1, opts.orders);
      const v = r.int(1, opts.vendorOrders);
      const k = `${o}:${v}`;
      if (links.has(k)) continue;
      links.add(k);
      linkRows.push([linkRows.length + 1, o, v, iso(nowMs)]);
    }
    add(
      'linked_orders',
      await w.insert('linked_orders', ['id', 'order_id', 'vendor_order_id', 'created_at'], linkRows),
    );
  });
  await w.finish([
    'customers',
    'products',
    'associated_parts',
    'package_modifiers',
    'quotes',
    'orders',
    'quote_parts',
    'order_parts',
    'quote_part_modifiers',
    'order_part_modifiers',
    'quote_sub_parts',
    'order_sub_parts',
    'vendor_orders',
    'linked_orders',
  ]);
  return { counts, seconds: (Date.now() - started) / 1000 };
}
