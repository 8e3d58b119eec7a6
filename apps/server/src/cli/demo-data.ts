/**
 * Demo data for a garage-door sales desk (docs/domain.md vocabulary): a parts catalogue, six door
 * packages with associated parts and package modifiers, twenty installer and contractor
 * customers, quotes, orders in every status (two of them staged as current loads in bays 1
 * and 2) and vendor orders linked to the orders waiting on stock.
 *
 * loadDemoData fills a freshly migrated database in one transaction and refuses a database that
 * already holds customers, products or vendor orders, so demo rows never mix with real ones.
 * The result depends only on `now`: the variety comes from a seeded PRNG, never Math.random.
 *
 * Storage follows the initial migration: money in integer cents, multipliers as integers scaled
 * by 10,000 (0.85 -> 8500), booleans 0/1, timestamps ISO-8601 UTC, dates YYYY-MM-DD.
 */
import {
  multiplierToScaled,
  type ORDER_STATUSES,
  type ModifierCategory,
  type MultiplierCategory,
  type VendorOrderStatus,
} from '@desk/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

type PartTypeName = 'Part' | 'Hardware' | 'Opener' | 'Spring';
type PackageTypeName = 'Package' | 'Door Package';
type OrderStatusName = (typeof ORDER_STATUSES)[number]['type'];

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Catalogue
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

const part = (
  itemNo: string,
  description: string,
  wholesale: number,
  category: MultiplierCategory | null,
  type: PartTypeName,
  extra: Partial<DemoPart> = {},
): DemoPart => ({ itemNo, description, wholesale, category, type, ...extra });

/** The demo business's letterhead: address, phone, e-mail, a 30-day quote validity and terms. */
export const DEMO_COMPANY = {
  street: '4120 Power Inn Rd',
  city: 'Sacramento',
  state: 'CA',
  zip: '95826',
  phone: '(916) 555-0142',
  email: 'sales@garagedoorsupply.example.com',
  quote_validity_days: 30,
  terms:
    'Prices are quoted for pickup at our Sacramento yard and are valid for the days shown. ' +
    'Special-order doors require a 50% deposit and are not returnable. Stock parts may be ' +
    'returned unused within 30 days with this document; electrical parts are not returnable once installed.',
} as const;

export const DEMO_PARTS: readonly DemoPart[] = [
  // Door sections
  part(
    'SEC-1621-INS',
    '16\' x 21" insulated steel section, raised panel, 2" polyurethane, white',
    16800,
    'Sectional',
    'Part',
  ),
  part(
    'SEC-0921-INS',
    '9\' x 21" insulated steel section, raised panel, 2" polyurethane, white',
    9800,
    'Sectional',
    'Part',
  ),
  part(
    'SEC-0821-STL',
    '8\' x 21" non-insulated steel section, raised panel, 25 ga, white',
    5400,
    'Residential',
    'Part',
  ),
  part(
    'SEC-1621-CH',
    '16\' x 21" carriage house section, insulated, overlay trim, sandstone',
    24500,
    'Residential',
    'Part',
  ),
  part('SEC-1224-RIB', '12\' x 24" commercial ribbed steel section, 24 ga, insulated', 21800, 'Commercial', 'Part'),
  part('SEC-1024-RIB', '10\' x 24" commercial ribbed steel section, 24 ga, insulated', 18600, 'Commercial', 'Part'),
  // Hinges, numbered by position
  part('HNG-01', '#1 residential hinge, 14 ga galvanized (center and first joint)', 285, null, 'Hardware'),
  part('HNG-02', '#2 residential hinge, 14 ga galvanized', 345, null, 'Hardware'),
  part('HNG-03', '#3 residential hinge, 14 ga galvanized', 365, null, 'Hardware'),
  part('HNG-04', '#4 residential hinge, 14 ga galvanized (five-section doors)', 385, null, 'Hardware'),
  part('HNG-11G', 'Commercial graduated hinge, 11 ga, 3" track', 520, null, 'Hardware'),
  // Rollers
  part('ROL-2N10-4', '2" nylon 10-ball roller, 4" stem, sealed bearing', 295, null, 'Hardware'),
  part('ROL-3ST-7', '3" steel 13-ball roller, 7" stem, commercial', 640, null, 'Hardware'),
  // Track
  part('TRK-V2-07', '2" vertical track, 7\' door, pair, jamb brackets riveted', 4650, null, 'Part'),
  part('TRK-H2-07', '2" horizontal track, 7\' door, 15" radius, pair with angle', 5250, null, 'Part'),
  part('TRK-V3-10', '3" vertical track, 10\' door, pair, bolted, 12 ga', 11900, 'Commercial', 'Part'),
  part('TRK-H3-10', '3" horizontal track, 10\' door, 15" radius, pair', 12600, 'Commercial', 'Part'),
  part('TRK-V3-12', '3" vertical track, 12\' door, pair, bolted, 12 ga', 13900, 'Commercial', 'Part'),
  part('TRK-H3-12', '3" horizontal track, 12\' door, 15" radius, pair', 14800, 'Commercial', 'Part'),
  // Torsion tube and shaft
  part('TT-1-16', '1" torsion tube, 16\' 1", 16 ga galvanized', 3850, null, 'Part'),
  part('TT-1-09', '1" torsion tube, 9\' 1", 16 ga galvanized', 2450, null, 'Part'),
  part('TT-125-12', '1-1/4" keyed solid torsion shaft, 12\' 1", commercial', 8900, 'Commercial', 'Part'),
  // Cable drums (also the standard-lift choice of the Lift modifiers)
  part('DRM-400-96', "Cable drums 400-96, standard lift, doors up to 8' high, pair", 2650, null, 'Hardware', {
    modifierCost: 0,
  }),
  part('DRM-400-144', "Cable drums 400-144, standard lift, doors up to 12' high, pair", 3850, null, 'Hardware', {
    modifierCost: 0,
  }),
  // Lift cables
  part('CBL-18-0810', '1/8" galvanized lift cable, 8\' 10", pair (7\' doors)', 1250, null, 'Part'),
  part('CBL-316-1500', "3/16\" galvanized lift cable, 15', pair (commercial, up to 12')", 2850, null, 'Part'),
  // Bottom seal, struts, weather-stripping
  part('SEAL-T-16', "Bottom seal, T-style vinyl astragal, 16'", 1950, null, 'Part'),
  part('SEAL-T-09', "Bottom seal, T-style vinyl astragal, 9'", 1150, null, 'Part'),
  part('SEAL-BB-12', 'Commercial 4" bulb bottom seal with aluminum retainer, 12\'', 4850, 'Commercial', 'Part'),
  part('STR-3-16', '3" reinforcing strut, 20 ga, 16\'', 2350, null, 'Part'),
  part('WS-KIT-1607', "PVC stop molding weather-stripping kit, 16' + 7' + 7', white", 3650, null, 'Part'),
  part('WS-KIT-0907', "PVC stop molding weather-stripping kit, 9' + 7' + 7', white", 2750, null, 'Part'),
  part('WS-KIT-COM', "Commercial rubber-flap stop molding kit, 12' + 12' + 12'", 7450, 'Commercial', 'Part'),
  // Spring anchor and end bearing plates, mounts
  part('SAP-CTR', 'Center spring anchor plate with nylon bearing (front mount)', 1150, null, 'Hardware', {
    modifierCost: 0,
  }),
  part('EBP-PR', 'End bearing plates, 1" ball bearings, pair', 1650, null, 'Hardware'),
  part('EBP-PR-HD', 'Heavy-duty end bearing plates, 1-1/4" bearings, pair, commercial', 3950, null, 'Hardware'),
  part('MNT-REAR', 'Rear mount torsion kit for low headroom, chain and sprocket', 5900, null, 'Hardware', {
    modifierCost: 6500,
  }),
  part('MNT-ANGLE', 'Angle mount kit for steel jambs, pair', 6800, null, 'Hardware', { modifierCost: 4200 }),
  // Openers, remotes and keypads
  part('OPN-BD-125', "Belt drive opener, 1-1/4 HPc DC, battery backup, Wi-Fi, 7' rail", 32900, 'Opener', 'Opener'),
  part('OPN-CD-050', "Chain drive opener, 1/2 HP, 7' rail", 18900, 'Opener', 'Opener'),
  part(
    'OPN-JS-WM',
    "Wall-mount jackshaft opener, Wi-Fi, battery backup, torsion doors up to 14'",
    46500,
    'Opener',
    'Opener',
  ),
  part('OPN-COM-T12', 'Commercial trolley operator, 1/2 HP, 115 V, 3-button station', 89500, 'Opener', 'Opener'),
  part('OPN-RAIL-8', "8' rail extension kit for belt and chain drive openers", 4500, 'Opener', 'Part'),
  part('REM-3BTN', '3-button remote control, Security+ 2.0', 2850, 'Opener', 'Opener'),
  part('REM-MINI', '1-button visor mini remote, Security+ 2.0', 1950, 'Opener', 'Opener'),
  part('KPD-WL', 'Wireless keypad, PIN entry, backlit', 3450, 'Opener', 'Opener'),
  // Torsion and extension springs: wire size x inside diameter x length, cycle rating
  part('TS-218-2-28-10K', 'Torsion springs .218 x 2" ID x 28", LH/RH pair, 10,000 cycles', 5200, null, 'Spring', {
    modifierCost: 0,
  }),
  part('TS-234-2-36-25K', 'Torsion springs .234 x 2" ID x 36", LH/RH pair, 25,000 cycles', 7600, null, 'Spring', {
    modifierCost: 3600,
  }),
  part('TS-250-2-31-10K', 'Torsion springs .250 x 2" ID x 31", LH/RH pair, 10,000 cycles', 6400, null, 'Spring', {
    modifierCost: 0,
  }),
  part('TS-273-2-41-25K', 'Torsion springs .273 x 2" ID x 41", LH/RH pair, 25,000 cycles', 9800, null, 'Spring', {
    modifierCost: 4800,
  }),
  part('TS-295-2-52-50K', 'Torsion springs .295 x 2" ID x 52", LH/RH pair, 50,000 cycles', 14900, null, 'Spring', {
    modifierCost: 9600,
  }),
  part('TS-243-2625-32-10K', 'Torsion spring .243 x 2-5/8" ID x 32", each, 10,000 cycles', 4100, null, 'Spring', {
    modifierCost: 0,
  }),
  part('TS-283-2625-40-25K', 'Torsion spring .283 x 2-5/8" ID x 40", each, 25,000 cycles', 6300, null, 'Spring', {
    modifierCost: 2900,
  }),
  part('TS-312-2625-58-50K', 'Torsion spring .312 x 2-5/8" ID x 58", each, 50,000 cycles', 9700, null, 'Spring', {
    modifierCost: 6100,
  }),
  part('EXT-110-PR', 'Extension springs 110 lb, 25", pair with safety cables, 10,000 cycles', 3200, null, 'Spring', {
    modifierCost: 0,
  }),
  // Lift conversions
  part('HLK-2-24', 'High-lift track kit, 2" track, up to 24" of high lift, 5250-18 drums', 24500, null, 'Part', {
    modifierCost: 18500,
  }),
  part('VLK-2', 'Vertical lift conversion kit, 2" track, 850-132 drums', 38500, null, 'Part', { modifierCost: 32500 }),
  part('LHK-2', 'Low headroom dual-track kit, 2" track, 4-1/2" minimum headroom', 19500, null, 'Part', {
    modifierCost: 14500,
  }),
  part('HLK-3-54', 'High-lift track kit, 3" track, up to 54" of high lift, commercial', 41500, 'Commercial', 'Part', {
    modifierCost: 29500,
  }),
  part('VLK-3', 'Vertical lift conversion kit, 3" track, commercial', 56500, 'Commercial', 'Part', {
    modifierCost: 46500,
  }),
  part('LHK-3', 'Low headroom dual-track kit, 3" track, commercial', 28500, 'Commercial', 'Part', {
    modifierCost: 21500,
  }),
  part('TRK-EXT-2-12', '2" vertical track extension, 12", pair', 1850, null, 'Part', { modifierCost: 2400 }),
  part('TRK-EXT-3-12', '3" vertical track extension, 12", pair, commercial', 2950, 'Commercial', 'Part', {
    modifierCost: 3800,
  }),
  // Radius track
  part('RAD-12-2', '12" radius track section, 2", pair', 2400, null, 'Part', { modifierCost: 3500 }),
  part('RAD-15-2', '15" radius track section, 2", pair', 2100, null, 'Part', { modifierCost: 0 }),
  part('RAD-15-3', '15" radius track section, 3", pair, commercial', 3900, 'Commercial', 'Part', { modifierCost: 0 }),
  part('RAD-32-3', '32" radius track section, 3", pair, commercial', 5800, 'Commercial', 'Part', {
    modifierCost: 4500,
  }),
  // Window kits and decorative inserts
  part('WIN-SP', 'Short panel window, insulated clear glass, per lite', 3100, null, 'Part', {
    modifierCost: 3200,
    windowsData: 'Short panel',
    windowDescription: 'Short panel window, insulated clear glass',
  }),
  part('WIN-LP', 'Long panel window, insulated clear glass, per lite', 4200, null, 'Part', {
    modifierCost: 4100,
    windowsData: 'Long panel',
    windowDescription: 'Long panel window, insulated clear glass',
  }),
  part('WIN-COM-2412', 'Commercial vision lite 24" x 12", insulated, per lite', 5600, 'Commercial', 'Part', {
    modifierCost: 5200,
    windowsData: 'Vision lite 24x12',
    windowDescription: 'Commercial vision lite, 24" x 12", insulated glass',
  }),
  part('INS-STOCKTON', 'Stockton decorative insert, per window', 1500, null, 'Part', {
    modifierCost: 1800,
    insertsData: 'Stockton',
    insertDescription: 'Stockton: 8-pane colonial grille',
  }),
  part('INS-CASCADE', 'Cascade decorative insert, per window', 1600, null, 'Part', {
    modifierCost: 1900,
    insertsData: 'Cascade',
    insertDescription: 'Cascade: arched top with three vertical muntins',
  }),
  part('INS-SHERWOOD', 'Sherwood decorative insert, long panel, per window', 1750, null, 'Part', {
    modifierCost: 2100,
    insertsData: 'Sherwood',
    insertDescription: 'Sherwood: arched long-panel grille',
  }),
  part('INS-TINT-COM', 'Bronze tint acrylic insert for vision lites, per lite', 1400, 'Commercial', 'Part', {
    modifierCost: 1200,
    insertsData: 'Bronze tint',
    insertDescription: 'Bronze tinted acrylic glazing',
  }),
];

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

const mod = (
  category: ModifierCategory,
  name: string | null,
  product: string | null,
  quantity = 1,
  notes: string | null = null,
): DemoModifier => ({ category, name, product, quantity, notes });

/** Lift, LiftNotes, Inches, Mount and Rads choices for 2" residential track. */
const RESIDENTIAL_TRACK_MODIFIERS: readonly DemoModifier[] = [
  mod('Lift', 'Standard lift', 'DRM-400-96', 1, '15" radius, 400-96 drums'),
  mod('Lift', 'High lift', 'HLK-2-24', 1, 'Up to 24" of high lift; add track inches'),
  mod('Lift', 'Vertical lift', 'VLK-2', 1, 'Needs door height plus 12" of headroom'),
  mod('Lift', 'Low headroom', 'LHK-2', 1, 'Dual track, 4-1/2" minimum headroom'),
  mod('LiftNotes', null, null, 1, 'HL 24 in, jackshaft opener'),
  mod('Inches', 'Number of Track Inches', 'TRK-EXT-2-12', 1, '12'),
  mod('Inches', 'Number of Track Inches', 'TRK-EXT-2-12', 2, '24'),
  mod('Mount', 'Front mount', 'SAP-CTR'),
  mod('Mount', 'Rear mount (low headroom)', 'MNT-REAR'),
  mod('Mount', 'Angle mount for steel jambs', 'MNT-ANGLE'),
  mod('Rads', '12 in radius', 'RAD-12-2'),
  mod('Rads', '15 in radius', 'RAD-15-2'),
];

/** The same choices for 3" commercial track. */
const COMMERCIAL_TRACK_MODIFIERS: readonly DemoModifier[] = [
  mod('Lift', 'Standard lift', 'DRM-400-144', 1, '15" radius, 400-144 drums'),
  mod('Lift', 'High lift', 'HLK-3-54', 1, 'Up to 54" of high lift; add track inches'),
  mod('Lift', 'Vertical lift', 'VLK-3', 1, 'Track follows the wall to the roof line'),
  mod('Lift', 'Low headroom', 'LHK-3', 1, 'Dual track, check backroom'),
  mod('LiftNotes', null, null, 1, 'HL 54 in, verify roof steel before release to shop'),
  mod('Inches', 'Number of Track Inches', 'TRK-EXT-3-12', 3, '36'),
  mod('Inches', 'Number of Track Inches', 'TRK-EXT-3-12', 5, '54'),
  mod('Mount', 'Front mount', 'SAP-CTR'),
  mod('Mount', 'Rear mount (low headroom)', 'MNT-REAR'),
  mod('Mount', 'Angle mount for steel jambs', 'MNT-ANGLE'),
  mod('Rads', '15 in radius', 'RAD-15-3'),
  mod('Rads', '32 in radius', 'RAD-32-3'),
];

/** Short and long panel windows with matching decorative inserts, for a door of `width` feet. */
function residentialGlass(width: 16 | 9 | 8): DemoModifier[] {
  const short = width === 16 ? 8 : 4;
  const long = width === 16 ? 4 : 2;
  return [
    mod('Windows', `Short panel windows (${short})`, 'WIN-SP', short, 'Top section'),
    mod('Windows', `Long panel windows (${long})`, 'WIN-LP', long, 'Top section'),
    mod('Inserts', 'Stockton', 'INS-STOCKTON', short, 'For short panel windows'),
    mod('Inserts', 'Cascade', 'INS-CASCADE', short, 'For short panel windows'),
    mod('Inserts', 'Sherwood', 'INS-SHERWOOD', long, 'For long panel windows'),
  ];
}

function commercialGlass(lites: number): DemoModifier[] {
  return [
    mod('Windows', `Vision lites, one row (${lites})`, 'WIN-COM-2412', lites, 'Third section from bottom'),
    mod('Windows', `Vision lites, two rows (${lites * 2})`, 'WIN-COM-2412', lites * 2, 'Third and fourth sections'),
    mod('Inserts', 'Bronze tint, one row', 'INS-TINT-COM', lites),
    mod('Inserts', 'Bronze tint, two rows', 'INS-TINT-COM', lites * 2),
  ];
}

export const DEMO_PACKAGES: readonly DemoPackage[] = [
  {
    itemNo: 'PKG-1607-INS',
    description: '16x7 insulated steel sectional door package',
    wholesale: 118500,
    category: 'Sectional',
    type: 'Door Package',
    windowsData: 'Short or long panel',
    parts: [
      ['SEC-1621-INS', 4],
      ['HNG-01', 6],
      ['HNG-02', 2],
      ['HNG-03', 2],
      ['ROL-2N10-4', 10],
      ['TRK-V2-07', 1],
      ['TRK-H2-07', 1],
      ['TT-1-16', 1],
      ['CBL-18-0810', 1],
      ['SEAL-T-16', 1],
    ],
    modifiers: [
      ...RESIDENTIAL_TRACK_MODIFIERS,
      mod('Springs', '.250 x 2 x 31, 10k cycles', 'TS-250-2-31-10K'),
      mod('Springs', '.273 x 2 x 41, 25k cycles', 'TS-273-2-41-25K'),
      mod('Springs', '.295 x 2 x 52, 50k cycles', 'TS-295-2-52-50K'),
      ...residentialGlass(16),
    ],
  },
  {
    itemNo: 'PKG-0907-INS',
    description: '9x7 insulated steel sectional door package',
    wholesale: 64500,
    category: 'Sectional',
    type: 'Door Package',
    windowsData: 'Short or long panel',
    parts: [
      ['SEC-0921-INS', 4],
      ['HNG-01', 3],
      ['HNG-02', 2],
      ['HNG-03', 2],
      ['ROL-2N10-4', 10],
      ['TRK-V2-07', 1],
      ['TRK-H2-07', 1],
      ['TT-1-09', 1],
      ['CBL-18-0810', 1],
      ['SEAL-T-09', 1],
    ],
    modifiers: [
      ...RESIDENTIAL_TRACK_MODIFIERS,
      mod('Springs', '.218 x 2 x 28, 10k cycles', 'TS-218-2-28-10K'),
      mod('Springs', '.234 x 2 x 36, 25k cycles', 'TS-234-2-36-25K'),
      ...residentialGlass(9),
    ],
  },
  {
    itemNo: 'PKG-0807-STL',
    description: '8x7 non-insulated steel door package',
    wholesale: 42500,
    category: 'Residential',
    type: 'Package',
    windowsData: 'Short or long panel',
    parts: [
      ['SEC-0821-STL', 4],
      ['HNG-01', 3],
      ['HNG-02', 2],
      ['HNG-03', 2],
      ['ROL-2N10-4', 10],
      ['TRK-V2-07', 1],
      ['TRK-H2-07', 1],
      ['CBL-18-0810', 1],
      ['SEAL-T-09', 1],
    ],
    modifiers: [
      ...RESIDENTIAL_TRACK_MODIFIERS,
      mod('Springs', '.218 x 2 x 28 torsion, 10k cycles', 'TS-218-2-28-10K'),
      mod('Springs', 'Extension springs 110 lb with safety cables', 'EXT-110-PR', 1, 'Only with standard lift'),
      ...residentialGlass(8),
    ],
  },
  {
    itemNo: 'PKG-1607-CH',
    description: '16x7 insulated carriage house door package',
    wholesale: 159500,
    category: 'Residential',
    type: 'Door Package',
    windowsData: 'Short or long panel',
    windowDescription: 'Square top windows, carriage house overlay',
    parts: [
      ['SEC-1621-CH', 4],
      ['HNG-01', 6],
      ['HNG-02', 2],
      ['HNG-03', 2],
      ['ROL-2N10-4', 10],
      ['TRK-V2-07', 1],
      ['TRK-H2-07', 1],
      ['TT-1-16', 1],
      ['CBL-18-0810', 1],
      ['STR-3-16', 1],
    ],
    modifiers: [
      ...RESIDENTIAL_TRACK_MODIFIERS,
      mod('Springs', '.273 x 2 x 41, 25k cycles', 'TS-273-2-41-25K'),
      mod('Springs', '.295 x 2 x 52, 50k cycles', 'TS-295-2-52-50K'),
      ...residentialGlass(16),
    ],
  },
  {
    itemNo: 'PKG-1212-COM',
    description: '12x12 commercial ribbed steel door package',
    wholesale: 214500,
    category: 'Commercial',
    type: 'Door Package',
    windowsData: 'Vision lites 24x12',
    parts: [
      ['SEC-1224-RIB', 6],
      ['HNG-11G', 20],
      ['ROL-3ST-7', 14],
      ['TRK-V3-12', 1],
      ['TRK-H3-12', 1],
      ['TT-125-12', 1],
      ['CBL-316-1500', 1],
      ['SEAL-BB-12', 1],
      ['EBP-PR-HD', 1],
      ['WS-KIT-COM', 1],
    ],
    modifiers: [
      ...COMMERCIAL_TRACK_MODIFIERS,
      mod('Springs', '.243 x 2-5/8 x 32, 10k cycles (2)', 'TS-243-2625-32-10K', 2),
      mod('Springs', '.283 x 2-5/8 x 40, 25k cycles (2)', 'TS-283-2625-40-25K', 2),
      mod('Springs', '.312 x 2-5/8 x 58, 50k cycles (2)', 'TS-312-2625-58-50K', 2),
      ...commercialGlass(4),
    ],
  },
  {
    itemNo: 'PKG-1010-COM',
    description: '10x10 commercial ribbed steel door package',
    wholesale: 176500,
    category: 'Commercial',
    type: 'Package',
    windowsData: 'Vision lites 24x12',
    parts: [
      ['SEC-1024-RIB', 5],
      ['HNG-11G', 16],
      ['ROL-3ST-7', 12],
      ['TRK-V3-10', 1],
      ['TRK-H3-10', 1],
      ['TT-125-12', 1],
      ['CBL-316-1500', 1],
      ['SEAL-BB-12', 1],
    ],
    modifiers: [
      ...COMMERCIAL_TRACK_MODIFIERS,
      mod('Springs', '.243 x 2-5/8 x 32, 10k cycles (2)', 'TS-243-2625-32-10K', 2),
      mod('Springs', '.283 x 2-5/8 x 40, 25k cycles (2)', 'TS-283-2625-40-25K', 2),
      ...commercialGlass(3),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

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

const addr = (street: string, city: string, zipCode: string, state = 'CA'): Address => ({
  street,
  city,
  state,
  zipCode,
});
const mult = (residential: number, opener: number, sectional: number, commercial: number) => ({
  residential,
  opener,
  sectional,
  commercial,
});

function customer(
  n: number,
  name: string,
  contactName: string,
  email: string,
  address: Address,
  terms: { taxCode: 'RESALE' | 'TAXABLE'; termsCode: 'Net 30' | 'Net 15' | 'COD' },
  multipliers: DemoCustomer['multipliers'],
  extra: Partial<DemoCustomer> = {},
): DemoCustomer {
  return {
    customerNo: `C-${1000 + n}`,
    name,
    contactName,
    email,
    phone: `(916) 555-${String(100 + n).padStart(4, '0')}`,
    fax: null,
    mobilePhone: null,
    address,
    shipTo: null,
    specialNeeds: null,
    specialInstructions: null,
    ...terms,
    useTax: terms.taxCode === 'TAXABLE',
    multipliers,
    ...extra,
  };
}

const RESALE_NET30 = { taxCode: 'RESALE', termsCode: 'Net 30' } as const;
const RESALE_NET15 = { taxCode: 'RESALE', termsCode: 'Net 15' } as const;
const RESALE_COD = { taxCode: 'RESALE', termsCode: 'COD' } as const;
const TAXABLE_COD = { taxCode: 'TAXABLE', termsCode: 'COD' } as const;
const TAXABLE_NET15 = { taxCode: 'TAXABLE', termsCode: 'Net 15' } as const;
const TAXABLE_NET30 = { taxCode: 'TAXABLE', termsCode: 'Net 30' } as const;

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  customer(
    1,
    'Hendricks Overhead Door',
    'Dale Hendricks',
    'dale.hendricks@example.com',
    addr('4120 Foothills Blvd', 'Roseville', '95678'),
    RESALE_NET30,
    mult(0.85, 0.95, 0.9, 1.0),
    { fax: '(916) 555-0151', mobilePhone: '(916) 555-0171' },
  ),
  customer(
    2,
    'Sierra Door Service',
    'Maria Alvarez',
    'maria@example.net',
    addr('2291 Power Inn Rd', 'Sacramento', '95826'),
    RESALE_NET30,
    mult(0.82, 0.92, 0.88, 1.0),
  ),
  customer(
    3,
    'Jérôme Côté Overhead Doors',
    'Jérôme Côté',
    'jerome.cote@example.com',
    addr('705 Natoma St', 'Folsom', '95630'),
    RESALE_NET15,
    mult(0.8, 0.9, 0.85, 0.97),
    { mobilePhone: '(916) 555-0173', specialNeeds: 'Prefers e-mail; parle français' },
  ),
  customer(
    4,
    'Capitol Commercial Door & Dock',
    'Steve Lindqvist',
    'dispatch@example.com',
    addr('1800 Industrial Blvd', 'West Sacramento', '95691'),
    RESALE_NET30,
    mult(1.0, 0.95, 0.95, 0.82),
    {
      fax: '(916) 555-0154',
      shipTo: addr('3350 Channel Dr, Yard B', 'West Sacramento', '95691'),
      specialInstructions: 'Flatbed pickup; forklift needed for commercial sections',
    },
  ),
  customer(
    5,
    'Valley Garage Door Repair',
    'Tony Nguyen',
    'tony.nguyen@example.net',
    addr('9150 Elk Grove Blvd', 'Elk Grove', '95624'),
    TAXABLE_COD,
    mult(0.95, 1.0, 0.97, 1.0),
  ),
  customer(
    6,
    'Oak Ridge Homes',
    'Karen Whitfield',
    'purchasing@example.com',
    addr('5500 Pacific St, Suite 200', 'Rocklin', '95677'),
    RESALE_NET30,
    mult(0.78, 0.9, 0.8, 0.95),
    {
      shipTo: addr('Oak Ridge subdivision, Sunset Blvd W', 'Rocklin', '95765'),
      specialInstructions: 'PO required on every order; lot number in the job name',
    },
  ),
  customer(
    7,
    'Delta Door & Gate',
    'Ray Peña',
    'ray.pena@example.net',
    addr('312 S Cherokee Ln', 'Lodi', '95240'),
    TAXABLE_NET15,
    mult(0.88, 0.93, 0.92, 1.0),
  ),
  customer(
    8,
    'Foothill Door Pros',
    'Brian McAllister',
    'brian@example.com',
    addr('11960 Heritage Oak Pl', 'Auburn', '95603'),
    RESALE_NET30,
    mult(0.86, 0.94, 0.87, 1.0),
    { mobilePhone: '(530) 555-0178' },
  ),
  customer(
    9,
    'Northgate Industrial Doors',
    'Linda Osei',
    'linda.osei@example.com',
    addr('2600 Northgate Blvd', 'Sacramento', '95833'),
    RESALE_NET30,
    mult(1.0, 0.96, 0.93, 0.8),
    { fax: '(916) 555-0159' },
  ),
  customer(
    10,
    'Precision Door of Davis',
    'Sam Patel',
    'sam.patel@example.net',
    addr('1620 5th St', 'Davis', '95616'),
    RESALE_NET30,
    mult(0.84, 0.91, 0.89, 1.0),
  ),
  customer(
    11,
    'Gold Country Builders',
    'Heather Lane',
    'heather.lane@example.com',
    addr('3970 Missouri Flat Rd', 'Placerville', '95667'),
    TAXABLE_NET30,
    mult(0.83, 0.95, 0.86, 0.98),
    { shipTo: addr('Gold Country yard, 6100 Pleasant Valley Rd', 'El Dorado', '95623') },
  ),
  customer(
    12,
    'Rancho Cordova Door Works',
    'Mike Duarte',
    'mike.duarte@example.net',
    addr('11290 Point East Dr', 'Rancho Cordova', '95742'),
    RESALE_COD,
    mult(0.9, 0.97, 0.94, 1.0),
  ),
  customer(
    13,
    'Summit Construction Group',
    'Greg Thompson',
    'ap@example.com',
    addr('1000 Galleria Blvd, Suite 300', 'Roseville', '95678'),
    RESALE_NET30,
    mult(0.95, 0.95, 0.9, 0.85),
    { specialNeeds: 'Send invoices to ap@example.com, copy the project manager' },
  ),
  customer(
    14,
    'A-1 Garage Door Service',
    'Jenny Park',
    'jenny.park@example.net',
    addr('7400 Greenback Ln', 'Citrus Heights', '95610'),
    TAXABLE_COD,
    mult(1.0, 1.0, 1.0, 1.0),
  ),
  customer(
    15,
    'Yuba-Sutter Overhead Door',
    'Carlos Romero',
    'carlos.romero@example.com',
    addr('1455 Colusa Ave', 'Yuba City', '95991'),
    RESALE_NET15,
    mult(0.87, 0.93, 0.91, 1.0),
  ),
  customer(
    16,
    'Westfield Property Maintenance',
    'Dana Brooks',
    'dana.brooks@example.net',
    addr('880 Alamo Dr', 'Vacaville', '95688'),
    TAXABLE_NET30,
    mult(0.92, 0.98, 0.95, 0.9),
  ),
  customer(
    17,
    'Lincoln Ranch Homes',
    'Paul Ostrowski',
    'paul.ostrowski@example.com',
    addr('600 Twelve Bridges Dr', 'Lincoln', '95648'),
    RESALE_NET30,
    mult(0.79, 0.9, 0.81, 0.95),
    { shipTo: addr('Lincoln Ranch phase 2 site trailer, Ferrari Ranch Rd', 'Lincoln', '95648') },
  ),
  customer(
    18,
    'Bayside Dock & Door',
    'Aaron Fischer',
    'aaron.fischer@example.com',
    addr('2450 Cordelia Rd', 'Fairfield', '94534'),
    RESALE_NET30,
    mult(1.0, 0.94, 0.96, 0.84),
    { fax: '(707) 555-0168' },
  ),
  customer(
    19,
    'Galt Door Company',
    'Ruth Sandoval',
    'ruth.sandoval@example.net',
    addr('410 C St', 'Galt', '95632'),
    RESALE_COD,
    mult(0.89, 0.96, 0.93, 1.0),
  ),
  customer(
    20,
    'El Dorado Hills Door Studio',
    'Nick Ambrose',
    'nick.ambrose@example.com',
    addr('4364 Town Center Blvd', 'El Dorado Hills', '95762'),
    RESALE_NET15,
    mult(0.81, 0.92, 0.84, 1.0),
  ),
];

// ---------------------------------------------------------------------------------------------
// Quotes, orders and vendor orders: sketched by hand, details filled in by a seeded PRNG
// ---------------------------------------------------------------------------------------------

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

const QUOTE_SKETCHES: readonly DocSketch[] = [
  {
    c: 'C-1001',
    job: 'Hendricks residence - 2 car garage',
    daysAgo: 41,
    lines: [{ p: 'PKG-1607-INS' }, { p: 'OPN-BD-125', o: 29900 }, { p: 'REM-3BTN', q: 2 }],
  },
  {
    c: 'C-1003',
    job: 'Lambert residence - carriage house upgrade',
    daysAgo: 30,
    lines: [
      { p: 'PKG-1607-CH', mods: ['Windows:Short', 'Inserts:Stockton'] },
      { p: 'OPN-JS-WM', o: 42500 },
    ],
  },
  {
    c: 'C-1004',
    job: 'Riverside Self Storage - building C',
    daysAgo: 55,
    lines: [{ p: 'PKG-1010-COM', q: 3 }, { p: 'PKG-1212-COM' }],
  },
  {
    c: 'C-1006',
    job: 'Oak Ridge lot 17 - new build',
    daysAgo: 36,
    lines: [{ p: 'PKG-1607-INS' }, { p: 'PKG-0907-INS' }, { p: 'OPN-BD-125', q: 2, o: 56000 }],
  },
  {
    c: 'C-1007',
    job: 'Peña residence - 9x7 pair',
    daysAgo: 12,
    lines: [{ p: 'PKG-0907-INS', q: 2 }, { p: 'KPD-WL' }],
  },
  {
    c: 'C-1009',
    job: 'Northgate warehouse - dock doors 3-6',
    daysAgo: 20,
    lines: [
      { p: 'PKG-1010-COM', q: 3, o: 495000 },
      { p: 'OPN-COM-T12', q: 3 },
    ],
  },
  { c: 'C-1010', job: 'Patel ADU - 8x7 door', daysAgo: 8, lines: [{ p: 'PKG-0807-STL' }, { p: 'OPN-CD-050' }] },
  {
    c: 'C-1011',
    job: 'Gold Country model home - carriage house',
    daysAgo: 60,
    lines: [{ p: 'PKG-1607-CH' }, { p: 'PKG-0907-INS' }],
  },
  {
    c: 'C-1013',
    job: 'Roseville fire station 4 - apparatus bay',
    daysAgo: 25,
    lines: [
      { p: 'PKG-1212-COM', q: 2, mods: ['Lift:High', 'Inches', 'Springs:.312'] },
      { p: 'OPN-COM-T12', q: 2 },
    ],
  },
  { c: 'C-1014', job: 'Kim residence - replace dented 9x7', daysAgo: 5, po: null, lines: [{ p: 'PKG-0907-INS' }] },
  {
    c: 'C-1016',
    job: 'Westfield apartments - maintenance shop',
    daysAgo: 18,
    lines: [{ p: 'PKG-1010-COM' }, { p: 'WS-KIT-COM' }],
  },
  {
    c: 'C-1017',
    job: 'Lincoln Ranch phase 2 - lots 40-43',
    daysAgo: 45,
    lines: [
      { p: 'PKG-1607-INS', q: 3, o: 315000 },
      { p: 'PKG-0907-INS', q: 3 },
    ],
  },
  {
    c: 'C-1018',
    job: 'Fairfield marina - boat storage doors',
    daysAgo: 70,
    lines: [
      { p: 'PKG-1212-COM', q: 2 },
      { p: 'PKG-1010-COM', q: 2 },
    ],
  },
  {
    c: 'C-1002',
    job: 'Sullivan residence - low headroom garage',
    daysAgo: 15,
    lines: [{ p: 'PKG-1607-INS', mods: ['Lift:Low headroom', 'Rads:12', 'Mount:Rear'] }, { p: 'OPN-JS-WM' }],
  },
  {
    c: 'C-1008',
    job: 'Whitaker residence - high lift for car lift',
    daysAgo: 3,
    lines: [
      { p: 'PKG-1607-INS', mods: ['Lift:High', 'Inches:Number of Track Inches', 'Springs:.273'] },
      { p: 'OPN-JS-WM' },
    ],
  },
];

const ORDER_SKETCHES: readonly OrderSketch[] = [
  // Completed
  {
    c: 'C-1001',
    job: 'Morgan residence - replace 16x7',
    daysAgo: 82,
    status: 'Completed',
    lines: [{ p: 'PKG-1607-INS' }, { p: 'EBP-PR' }],
  },
  {
    c: 'C-1005',
    job: 'Carter home - 3 car garage',
    daysAgo: 74,
    status: 'Completed',
    po: null,
    lines: [{ p: 'PKG-1607-INS' }, { p: 'PKG-0907-INS' }, { p: 'OPN-BD-125', q: 2 }],
  },
  {
    c: 'C-1009',
    job: 'County fleet yard - 12x12 replacement',
    daysAgo: 66,
    status: 'Completed',
    lines: [{ p: 'PKG-1212-COM', q: 2 }],
  },
  {
    c: 'C-1012',
    job: 'Bennett rental - 16x7 and opener',
    daysAgo: 51,
    status: 'Completed',
    po: null,
    lines: [{ p: 'PKG-1607-INS' }, { p: 'OPN-CD-050', o: 17500 }],
  },
  {
    c: 'C-1015',
    job: 'Yuba City Elks lodge - 10x10 shop door',
    daysAgo: 39,
    status: 'Completed',
    lines: [{ p: 'PKG-1010-COM' }],
  },
  // Cancelled
  {
    c: 'C-1014',
    job: 'Dawson residence - 9x7 door',
    daysAgo: 61,
    status: 'Cancelled',
    po: null,
    note: 'Customer cancelled: homeowner went with another installer',
    lines: [{ p: 'PKG-0907-INS' }],
  },
  {
    c: 'C-1007',
    job: 'Lodi winery - barrel room door',
    daysAgo: 44,
    status: 'Cancelled',
    note: 'Replaced by a rolling steel door quote',
    lines: [{ p: 'PKG-1212-COM' }],
  },
  // Ready for Pickup: two staged in bays 1 and 2
  {
    c: 'C-1001',
    job: 'Hendricks residence - 2 car garage',
    daysAgo: 34,
    status: 'Ready for Pickup',
    pickup: true,
    bay: 1,
    fromQuote: 'Hendricks residence - 2 car garage',
  },
  {
    c: 'C-1006',
    job: 'Oak Ridge lot 17 - new build',
    daysAgo: 29,
    status: 'Ready for Pickup',
    pickup: true,
    bay: 2,
    fromQuote: 'Oak Ridge lot 17 - new build',
    note: 'Builder picks up with flatbed; call Karen when staged',
  },
  {
    c: 'C-1004',
    job: 'Sutter Street storage - units 12-18',
    daysAgo: 21,
    status: 'Ready for Pickup',
    pickup: true,
    lines: [
      { p: 'PKG-1010-COM', q: 3 },
      { p: 'WS-KIT-COM', q: 3 },
    ],
  },
  {
    c: 'C-1010',
    job: 'Ortiz residence - 16x7 insulated',
    daysAgo: 9,
    status: 'Ready for Pickup',
    pickup: true,
    lines: [{ p: 'PKG-1607-INS' }, { p: 'REM-MINI', q: 2 }],
  },
  {
    c: 'C-1002',
    job: 'Alvarez remodel - single car door',
    daysAgo: 6,
    status: 'Ready for Pickup',
    pickup: true,
    lines: [{ p: 'PKG-0807-STL' }],
  },
  // Awaiting Parts
  {
    c: 'C-1003',
    job: 'Beaulieu residence - high lift 16x7',
    daysAgo: 16,
    status: 'Awaiting Parts',
    lines: [{ p: 'PKG-1607-INS', mods: ['Lift:High', 'Inches:Number of Track Inches'] }, { p: 'OPN-JS-WM' }],
  },
  {
    c: 'C-1013',
    job: 'Summit medical office - 2 service doors',
    daysAgo: 14,
    status: 'Awaiting Parts',
    lines: [{ p: 'PKG-1010-COM', q: 2 }],
  },
  {
    c: 'C-1017',
    job: 'Lincoln Ranch phase 1 - lot 12',
    daysAgo: 19,
    status: 'Awaiting Parts',
    lines: [{ p: 'PKG-1607-INS' }, { p: 'PKG-0907-INS' }],
  },
  {
    c: 'C-1008',
    job: 'Foster residence - wall-mount opener upgrade',
    daysAgo: 11,
    status: 'Awaiting Parts',
    lines: [{ p: 'PKG-1607-CH' }, { p: 'OPN-JS-WM', o: 44000 }, { p: 'KPD-WL' }],
  },
  // In Progress
  {
    c: 'C-1011',
    job: 'Gold Country lot 3 - 16x7 and 9x7',
    daysAgo: 10,
    status: 'In Progress',
    lines: [{ p: 'PKG-1607-INS' }, { p: 'PKG-0907-INS' }],
  },
  {
    c: 'C-1018',
    job: 'Bayside dock - door 2 rebuild',
    daysAgo: 7,
    status: 'In Progress',
    lines: [{ p: 'PKG-1212-COM' }, { p: 'EBP-PR-HD' }],
  },
  {
    c: 'C-1016',
    job: 'Westfield townhomes - unit 14',
    daysAgo: 8,
    status: 'In Progress',
    lines: [{ p: 'PKG-0907-INS' }, { p: 'REM-3BTN', q: 2 }],
  },
  {
    c: 'C-1005',
    job: 'Reyes residence - spring and cable repair',
    daysAgo: 4,
    status: 'In Progress',
    po: null,
    lines: [
      { p: 'TS-250-2-31-10K', o: 8900 },
      { p: 'CBL-18-0810', o: 1800 },
      { p: 'ROL-2N10-4', q: 10 },
    ],
  },
  // Open
  {
    c: 'C-1007',
    job: 'Delta Door shop stock - hinges and rollers',
    daysAgo: 2,
    status: 'Open',
    lines: [{ p: 'HNG-04', q: 12, o: 4200 }, { p: 'ROL-2N10-4', q: 40, o: 10800 }, { p: 'PKG-0907-INS' }],
  },
  {
    c: 'C-1015',
    job: 'Marysville duplex - 2 doors',
    daysAgo: 3,
    status: 'Open',
    lines: [
      { p: 'PKG-0907-INS', q: 2 },
      { p: 'WS-KIT-0907', q: 2 },
    ],
  },
  {
    c: 'C-1010',
    job: 'Davis co-op - bike room door',
    daysAgo: 1,
    status: 'Open',
    lines: [{ p: 'PKG-0807-STL' }],
  },
  {
    c: 'C-1012',
    job: 'Cordova Storage - office door',
    daysAgo: 5,
    status: 'Open',
    po: null,
    lines: [{ p: 'PKG-0907-INS' }, { p: 'OPN-CD-050' }, { p: 'WS-KIT-1607' }],
  },
  {
    c: 'C-1004',
    job: 'Port of West Sacramento - warehouse 7',
    daysAgo: 2,
    status: 'Open',
    lines: [
      { p: 'PKG-1212-COM', q: 3 },
      { p: 'OPN-COM-T12', q: 3, o: 255000 },
    ],
  },
];

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

const VENDOR_ORDER_SKETCHES: readonly VendorOrderSketch[] = [
  {
    name: 'Clopay stock order #4471',
    description: '16x7 and 9x7 insulated sections, white; short panel window kits',
    status: 'Ordered',
    daysAgo: 12,
    arrivesIn: 9,
    orders: ['Beaulieu residence - high lift 16x7', 'Lincoln Ranch phase 1 - lot 12'],
  },
  {
    name: 'Amarr truckload #A-20931',
    description: 'Commercial ribbed sections 10x24 and 12x24, 3" track',
    status: 'Shipped',
    daysAgo: 13,
    arrivesIn: 3,
    orders: ['Summit medical office - 2 service doors', 'Bayside dock - door 2 rebuild'],
  },
  {
    name: 'Pacific Opener Distributors PO 88213',
    description: 'Wall-mount jackshaft openers (6), belt drive openers (10), keypads',
    status: 'Shipped',
    daysAgo: 9,
    arrivesIn: 2,
    orders: ['Foster residence - wall-mount opener upgrade', 'Beaulieu residence - high lift 16x7'],
  },
  {
    name: 'Northwest Spring Supply #3307',
    description: 'Torsion springs .273 and .295 wire, 25k and 50k cycle, LH/RH pairs',
    status: 'Received',
    daysAgo: 25,
    arrivesIn: -8,
    orders: ['Sutter Street storage - units 12-18', 'Hendricks residence - 2 car garage'],
  },
  {
    name: 'Midwest Track & Hardware #M-7719',
    description: 'High-lift track kits, 12" and 15" radius track, 2" nylon rollers',
    status: 'Ordered',
    daysAgo: 4,
    arrivesIn: 16,
    orders: ['Gold Country lot 3 - 16x7 and 9x7'],
  },
  {
    name: 'Coastal Commercial Doors #CC-5512',
    description: 'Rolling steel door for the winery job (order cancelled)',
    status: 'Cancelled',
    daysAgo: 40,
    arrivesIn: -20,
    orders: [],
  },
];

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

/** mulberry32: a small, fast, seeded PRNG; the demo's only source of variety. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    int,
    chance: (p: number): boolean => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
type Rng = ReturnType<typeof seededRandom>;

const DEMO_SEED = 0x6a2d_1607;

/** Combinations of modifiers an installer typically applies together, for lines without `mods`. */
const MODIFIER_COMBOS: readonly string[][] = [
  ['Springs'],
  ['Lift:High', 'Inches'],
  ['Windows:Short', 'Inserts'],
  ['Springs', 'Windows'],
  ['Lift:Low headroom', 'Rads:12', 'Mount:Rear'],
  ['Springs', 'Windows:Short', 'Inserts'],
  ['Mount:Angle'],
  ['Lift:High', 'Inches', 'Springs'],
  ['Lift:Standard', 'Springs'],
  ['Lift:Vertical', 'Mount:Front'],
];

const PRODUCT_BY_ITEM = new Map<string, DemoPart | DemoPackage>(
  [...DEMO_PARTS, ...DEMO_PACKAGES].map((p) => [p.itemNo, p] as const),
);
const PACKAGE_BY_ITEM = new Map(DEMO_PACKAGES.map((p) => [p.itemNo, p] as const));

const SUB_PART_NOTES: Record<string, string> = {
  'SEAL-T-16': 'Cut to width on site',
  'SEAL-T-09': 'Cut to width on site',
  'CBL-18-0810': 'Check drum size before cutting',
  'TT-125-12': 'Cut to door width + 12"',
};

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
    return Math.min(day + (15 + rng.int(9)) * 3_600_000 + rng.int(60) * 60_000, latest);
  };
  const later = (from: number, maxDays: number): number =>
    Math.min(from + (1 + rng.int(Math.max(1, maxDays))) * DAY_MS - rng.int(300) * 60_000, latest);
  const poNumber = (sketch: { po?: string | null }): string | null =>
    sketch.po === undefined ? `PO-${24000 + rng.int(9000)}` : sketch.po;

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
// Loading
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

type Tx = Transaction<DB>;
type DocumentKind = 'order' | 'quote';

/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH_ROWS = 200;

async function inBatches<R, O>(rows: readonly R[], insert: (batch: R[]) => Promise<O[]>): Promise<O[]> {
  const out: O[] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    out.push(...(await insert(rows.slice(i, i + BATCH_ROWS))));
  }
  return out;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data: ${what} not found`);
  return value;
}

async function countRows(trx: Tx, table: 'customers' | 'products' | 'vendor_orders'): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

interface LineRow {
  docId: number;
  productId: number;
  quantity: number;
  priceOverride: number | null;
  position: number;
  createdAt: string;
}
interface ModifierRow {
  partId: number;
  packageModifierId: number;
  notes: string | null;
  inches: string | null;
  createdAt: string;
}
interface SubPartRow {
  partId: number;
  source: 'ASSOC_PART' | 'MOD';
  productId: number;
  quantity: number;
  notes: string | null;
  inches: string | null;
  category: string | null;
  appliedModifierId: number | null;
  position: number;
}

/** The three line tables of orders and quotes, which have the same shape. */
const lineTables = {
  async insertParts(trx: Tx, kind: DocumentKind, rows: LineRow[]) {
    return inBatches(rows, async (batch) => {
      if (kind === 'order') {
        const out = await trx
          .insertInto('order_parts')
          .values(
            batch.map((r) => ({
              order_id: r.docId,
              product_id: r.productId,
              quantity: r.quantity,
              price_override: r.priceOverride,
              position: r.position,
              created_at: r.createdAt,
            })),
          )
          .returning(['id', 'order_id', 'position'])
          .execute();
        return out.map((r) => ({ id: r.id, docId: r.order_id, position: r.position }));
      }
      const out = await trx
        .insertInto('quote_parts')
        .values(
          batch.map((r) => ({
            quote_id: r.docId,
            product_id: r.productId,
            quantity: r.quantity,
            price_override: r.priceOverride,
            position: r.position,
            created_at: r.createdAt,
          })),
        )
        .returning(['id', 'quote_id', 'position'])
        .execute();
      return out.map((r) => ({ id: r.id, docId: r.quote_id, position: r.position }));
    });
  },

  async insertModifiers(trx: Tx, kind: DocumentKind, rows: ModifierRow[]) {
    return inBatches(rows, async (batch) => {
      if (kind === 'order') {
        const out = await trx
          .insertInto('order_part_modifiers')
          .values(
            batch.map((r) => ({
              order_part_id: r.partId,
              package_modifier_id: r.packageModifierId,
              notes: r.notes,
              inches: r.inches,
              created_at: r.createdAt,
            })),
          )
          .returning(['id', 'order_part_id', 'package_modifier_id'])
          .execute();
        return out.map((r) => ({ id: r.id, partId: r.order_part_id, packageModifierId: r.package_modifier_id }));
      }
      const out = await trx
        .insertInto('quote_part_modifiers')
        .values(
          batch.map((r) => ({
            quote_part_id: r.partId,
            package_modifier_id: r.packageModifierId,
            notes: r.notes,
            inches: r.inches,
            created_at: r.createdAt,
          })),
        )
        .returning(['id', 'quote_part_id', 'package_modifier_id'])
        .execute();
      return out.map((r) => ({ id: r.id, partId: r.quote_part_id, packageModifierId: r.package_modifier_id }));
    });
  },

  async insertSubParts(trx: Tx, kind: DocumentKind, rows: SubPartRow[]): Promise<void> {
    await inBatches(rows, async (batch) => {
      const common = batch.map((r) => ({
        source: r.source,
        product_id: r.productId,
        quantity: r.quantity,
        notes: r.notes,
        inches: r.inches,
        category: r.category,
        applied_modifier_id: r.appliedModifierId,
        position: r.position,
      }));
      if (kind === 'order') {
        await trx
          .insertInto('order_sub_parts')
          .values(common.map((c, i) => ({ ...c, order_part_id: must(batch[i], 'sub-part').partId })))
          .execute();
      } else {
        await trx
          .insertInto('quote_sub_parts')
          .values(common.map((c, i) => ({ ...c, quote_part_id: must(batch[i], 'sub-part').partId })))
          .execute();
      }
      return [];
    });
  },
};

interface Lookups {
  productId: (itemNo: string) => number;
  modifierId: (packageItemNo: string, m: DemoModifier) => number;
}

/** Writes the cart lines, applied modifiers and sub-parts of documents of one kind. */
async function insertDocumentLines(
  trx: Tx,
  kind: DocumentKind,
  docs: ReadonlyArray<{ id: number; doc: DemoDocument }>,
  ids: Lookups,
): Promise<{ parts: number; modifiers: number; subParts: number }> {
  const partRows: LineRow[] = docs.flatMap(({ id, doc }) =>
    doc.lines.map((line, position) => ({
      docId: id,
      productId: ids.productId(line.product),
      quantity: line.quantity,
      priceOverride: line.priceOverride,
      position,
      createdAt: doc.createdAt,
    })),
  );
  const partIds = new Map(
    (await lineTables.insertParts(trx, kind, partRows)).map((r) => [`${r.docId}:${r.position}`, r.id] as const),
  );
  const lines = docs.flatMap(({ id, doc }) =>
    doc.lines.map((line, position) => ({
      doc,
      line,
      partId: must(partIds.get(`${id}:${position}`), `${kind} line ${id}:${position}`),
    })),
  );

  const modifierRows: ModifierRow[] = lines.flatMap(({ doc, line, partId }) =>
    line.modifiers.map((m) => ({
      partId,
      packageModifierId: ids.modifierId(line.product, m.modifier),
      notes: m.notes,
      inches: m.inches,
      createdAt: doc.createdAt,
    })),
  );
  const appliedIds = new Map(
    (await lineTables.insertModifiers(trx, kind, modifierRows)).map(
      (r) => [`${r.partId}:${r.packageModifierId}`, r.id] as const,
    ),
  );

  const subPartRows: SubPartRow[] = lines.flatMap(({ line, partId }) => [
    ...line.subParts.map((s, position): SubPartRow => ({
      partId,
      source: 'ASSOC_PART',
      productId: ids.productId(s.product),
      quantity: s.quantity,
      notes: s.notes,
      inches: null,
      category: null,
      appliedModifierId: null,
      position,
    })),
    ...line.modifiers.map((m, i): SubPartRow => {
      const packageModifierId = ids.modifierId(line.product, m.modifier);
      return {
        partId,
        source: 'MOD',
        productId: ids.productId(must(m.modifier.product ?? undefined, `product of modifier ${m.modifier.name}`)),
        quantity: m.modifier.quantity,
        notes: null,
        inches: m.inches,
        category: m.modifier.category,
        appliedModifierId: must(appliedIds.get(`${partId}:${packageModifierId}`), 'applied modifier'),
        position: line.subParts.length + i,
      };
    }),
  ]);
  await lineTables.insertSubParts(trx, kind, subPartRows);
  return { parts: partRows.length, modifiers: modifierRows.length, subParts: subPartRows.length };
}

/**
 * Fills a freshly migrated database with the demo set, in one transaction. Throws, changing
 * nothing, when the database already holds customers, products or vendor orders.
 */
export async function loadDemoData(db: Kysely<DB>, opts: { now?: Date } = {}): Promise<DemoSummary> {
  const now = opts.now ?? new Date();
  const plan = buildDemoPlan(now);
  const catalogueCreated = isoTime(now.getTime() - 120 * DAY_MS);
  const customersCreated = isoTime(now.getTime() - 100 * DAY_MS);

  return db.transaction().execute(async (trx) => {
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

    // Reference data from the migrations
    const productTypes = new Map(
      (await trx.selectFrom('product_types').select(['id', 'type']).execute()).map((r) => [r.type, r.id] as const),
    );
    const statuses = new Map(
      (await trx.selectFrom('order_statuses').select(['id', 'type']).execute()).map((r) => [r.type, r.id] as const),
    );
    const typeId = (type: string) => must(productTypes.get(type), `product type '${type}' (run the migrations first)`);
    const statusId = (type: string) => must(statuses.get(type), `order status '${type}' (run the migrations first)`);

    // Catalogue
    const productRows = [...DEMO_PARTS, ...DEMO_PACKAGES].map((p) => ({
      item_no: p.itemNo,
      item_description: p.description,
      wholesale_price: p.wholesale,
      multiplier_category: p.category,
      product_type_id: typeId(p.type),
      modifier_cost_increase: 'modifierCost' in p ? (p.modifierCost ?? 0) : 0,
      windows_data: p.windowsData ?? null,
      window_description: p.windowDescription ?? null,
      inserts_data: 'insertsData' in p ? (p.insertsData ?? null) : null,
      insert_description: 'insertDescription' in p ? (p.insertDescription ?? null) : null,
      created_at: catalogueCreated,
      updated_at: catalogueCreated,
    }));
    const productIds = new Map(
      (
        await inBatches(productRows, (batch) =>
          trx.insertInto('products').values(batch).returning(['id', 'item_no']).execute(),
        )
      ).map((r) => [r.item_no, r.id] as const),
    );
    const productId = (itemNo: string) => must(productIds.get(itemNo), `product ${itemNo}`);

    const associatedRows = DEMO_PACKAGES.flatMap((pkg) =>
      pkg.parts.map(([child, quantity]) => ({
        package_id: productId(pkg.itemNo),
        child_id: productId(child),
        quantity,
      })),
    );
    await inBatches(associatedRows, async (batch) => {
      await trx.insertInto('associated_parts').values(batch).execute();
      return [];
    });

    const modifierRows = DEMO_PACKAGES.flatMap((pkg) =>
      pkg.modifiers.map((m) => ({
        package_id: productId(pkg.itemNo),
        category: m.category,
        name: m.name,
        quantity: m.quantity,
        product_id: m.product === null ? null : productId(m.product),
        notes: m.notes,
        created_at: catalogueCreated,
        updated_at: catalogueCreated,
      })),
    );
    const packageItemById = new Map(DEMO_PACKAGES.map((p) => [productId(p.itemNo), p.itemNo] as const));
    const modifierIds = new Map(
      (
        await inBatches(modifierRows, (batch) =>
          trx
            .insertInto('package_modifiers')
            .values(batch)
            .returning(['id', 'package_id', 'category', 'name', 'notes'])
            .execute(),
        )
      ).map((r) => [
        modifierKey(must(packageItemById.get(r.package_id), 'package'), {
          category: r.category as ModifierCategory,
          name: r.name,
          notes: r.notes,
        }),
        r.id,
      ]),
    );
    const ids: Lookups = {
      productId,
      modifierId: (pkg, m) => must(modifierIds.get(modifierKey(pkg, m)), `modifier ${modifierKey(pkg, m)}`),
    };

    // Customers
    const customerRows = DEMO_CUSTOMERS.map((c) => {
      const ship = c.shipTo ?? c.address;
      return {
        customer_no: c.customerNo,
        name: c.name,
        contact_name: c.contactName,
        email: c.email,
        phone: c.phone,
        fax: c.fax,
        mobile_phone: c.mobilePhone,
        street_street: c.address.street,
        street_city: c.address.city,
        street_state: c.address.state,
        street_zip_code: c.address.zipCode,
        ship_street: ship.street,
        ship_city: ship.city,
        ship_state: ship.state,
        ship_zip_code: ship.zipCode,
        special_needs: c.specialNeeds,
        special_instructions: c.specialInstructions,
        tax_code: c.taxCode,
        terms_code: c.termsCode,
        use_tax: c.useTax ? 1 : 0,
        opener_multiplier: multiplierToScaled(c.multipliers.opener),
        residential_multiplier: multiplierToScaled(c.multipliers.residential),
        sectional_multiplier: multiplierToScaled(c.multipliers.sectional),
        commercial_multiplier: multiplierToScaled(c.multipliers.commercial),
        created_at: customersCreated,
        updated_at: customersCreated,
      };
    });
    const customerIds = new Map(
      (
        await inBatches(customerRows, (batch) =>
          trx.insertInto('customers').values(batch).returning(['id', 'customer_no']).execute(),
        )
      ).map((r) => [r.customer_no ?? '', r.id] as const),
    );
    const customerByNo = new Map(customerRows.map((c) => [c.customer_no, c] as const));
    /** Header fields copied from the customer when a document is created. */
    const copied = (customerNo: string) => {
      const c = must(customerByNo.get(customerNo), `customer ${customerNo}`);
      return {
        customer_id: must(customerIds.get(customerNo), `customer ${customerNo}`),
        use_tax: c.use_tax,
        opener_multiplier_copy: c.opener_multiplier,
        residential_multiplier_copy: c.residential_multiplier,
        sectional_multiplier_copy: c.sectional_multiplier,
        commercial_multiplier_copy: c.commercial_multiplier,
      };
    };

    // Quotes
    const quoteIds = new Map(
      (
        await inBatches(plan.quotes, (batch) =>
          trx
            .insertInto('quotes')
            .values(
              batch.map((q) => ({
                ...copied(q.customerNo),
                job_name: q.jobName,
                po_number: q.poNumber,
                special_instructions: q.specialInstructions,
                quote_date: q.date,
                created_at: q.createdAt,
                updated_at: q.updatedAt,
              })),
            )
            .returning(['id', 'job_name'])
            .execute(),
        )
      ).map((r) => [r.job_name ?? '', r.id] as const),
    );
    const quoteLines = await insertDocumentLines(
      trx,
      'quote',
      plan.quotes.map((doc) => ({ id: must(quoteIds.get(doc.jobName), `quote ${doc.jobName}`), doc })),
      ids,
    );

    // Orders
    const orderIds = new Map(
      (
        await inBatches(plan.orders, (batch) =>
          trx
            .insertInto('orders')
            .values(
              batch.map((o) => ({
                ...copied(o.customerNo),
                job_name: o.jobName,
                po_number: o.poNumber,
                special_instructions: o.specialInstructions,
                order_date: o.date,
                order_status_id: statusId(o.status),
                order_pickup: o.orderPickup,
                current_load: o.currentLoad,
                loading_bay: o.loadingBay,
                source_quote_id:
                  o.sourceQuoteJob === null ? null : must(quoteIds.get(o.sourceQuoteJob), `quote ${o.sourceQuoteJob}`),
                completed_at: o.completedAt,
                created_at: o.createdAt,
                updated_at: o.updatedAt,
              })),
            )
            .returning(['id', 'job_name'])
            .execute(),
        )
      ).map((r) => [r.job_name ?? '', r.id] as const),
    );
    const orderLines = await insertDocumentLines(
      trx,
      'order',
      plan.orders.map((doc) => ({ id: must(orderIds.get(doc.jobName), `order ${doc.jobName}`), doc })),
      ids,
    );

    // Vendor orders and their links
    const vendorIds = new Map(
      (
        await trx
          .insertInto('vendor_orders')
          .values(
            plan.vendorOrders.map((v) => ({
              name: v.name,
              description: v.description,
              estimated_arrival: v.estimatedArrival,
              status: v.status,
              created_at: v.createdAt,
              updated_at: v.updatedAt,
            })),
          )
          .returning(['id', 'name'])
          .execute()
      ).map((r) => [r.name, r.id] as const),
    );
    const linkRows = plan.vendorOrders.flatMap((v) =>
      v.orderJobs.map((job) => ({
        order_id: must(orderIds.get(job), `order ${job}`),
        vendor_order_id: must(vendorIds.get(v.name), `vendor order ${v.name}`),
        created_at: v.createdAt,
      })),
    );
    if (linkRows.length > 0) await trx.insertInto('linked_orders').values(linkRows).execute();

    // The letterhead, unless an administrator has saved one already. The name stays empty: it
    // is COMPANY_NAME of the configuration until someone sets it in the Company tab.
    await trx
      .updateTable('company_settings')
      .set({ ...DEMO_COMPANY, updated_at: isoTime(now.getTime()) })
      .where('id', '=', 1)
      .where('version', '=', 1)
      .execute();

    return {
      customers: customerRows.length,
      products: productRows.length,
      associated_parts: associatedRows.length,
      package_modifiers: modifierRows.length,
      quotes: plan.quotes.length,
      quote_parts: quoteLines.parts,
      quote_part_modifiers: quoteLines.modifiers,
      quote_sub_parts: quoteLines.subParts,
      orders: plan.orders.length,
      order_parts: orderLines.parts,
      order_part_modifiers: orderLines.modifiers,
      order_sub_parts: orderLines.subParts,
      vendor_orders: plan.vendorOrders.length,
      linked_orders: linkRows.length,
    };
  });
}
