/** Business constants shared by the server and the browser (docs/product.md section 9). */

export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
/** The yard: signs in to the Loaders area only (docs/decisions/029-yard-role.md). */
export const ROLE_YARD = 'ROLE_YARD';
export const ROLES = [ROLE_USER, ROLE_ADMIN, ROLE_YARD] as const;
export type Role = (typeof ROLES)[number];

/** sessionStorage key under which the browser caches the signed-in user's roles. */
export const USER_ROLES_STORAGE_KEY = 'userRoles';

export const MODIFIER_CATEGORIES = [
  'Lift',
  'LiftNotes',
  'Inches',
  'Mount',
  'Rads',
  'Springs',
  'Windows',
  'Inserts',
] as const;
export type ModifierCategory = (typeof MODIFIER_CATEGORIES)[number];

/**
 * The multiplier categories, in the order the screens list them: the one list every other place
 * (the schemas, the pricer, the import, the documents' copies) is made from.
 */
export const MULTIPLIER_CATEGORIES = ['Residential', 'Opener', 'Sectional', 'Commercial'] as const;
export type MultiplierCategory = (typeof MULTIPLIER_CATEGORIES)[number];
/**
 * The key of a category's multiplier: `residential` names a customer's `residentialMultiplier`
 * (column residential_multiplier), a document's copy of it `residentialMultiplierCopy` (column
 * residential_multiplier_copy) and the pricer's `multipliers.residential`.
 */
export type MultiplierKey = Lowercase<MultiplierCategory>;
export const multiplierKey = (category: MultiplierCategory): MultiplierKey => category.toLowerCase() as MultiplierKey;
/** The multiplier keys, in the order of MULTIPLIER_CATEGORIES. */
export const MULTIPLIER_KEYS: readonly MultiplierKey[] = MULTIPLIER_CATEGORIES.map(multiplierKey);
/** The category a text names, in any case ('opener' -> 'Opener'); undefined for any other text. */
export const multiplierCategoryNamed = (text: string): MultiplierCategory | undefined =>
  MULTIPLIER_CATEGORIES.find((c) => c.toLowerCase() === text.toLowerCase());
/** The refusal of any other category: "must be Residential, Opener, Sectional or Commercial". */
export const MULTIPLIER_CATEGORY_ERROR = `must be ${MULTIPLIER_CATEGORIES.slice(0, -1).join(', ')} or ${MULTIPLIER_CATEGORIES.at(-1)}`;

export const SUB_PART_SOURCES = ['ASSOC_PART', 'MOD'] as const;
export type SubPartSource = (typeof SUB_PART_SOURCES)[number];

export const ORDER_STATUSES = [
  { type: 'Open', closed: false },
  { type: 'In Progress', closed: false },
  { type: 'Awaiting Parts', closed: false },
  { type: 'Ready for Pickup', closed: false },
  { type: 'Completed', closed: true },
  { type: 'Cancelled', closed: true },
] as const;
export const COMPLETED_STATUS = 'Completed';
/** Pickup Ready and this status agree: setting either sets the other (docs/product.md section 2). */
export const READY_FOR_PICKUP_STATUS = 'Ready for Pickup';
/** Where an order goes back to when Pickup Ready is unticked while it is Ready for Pickup. */
export const NOT_READY_STATUS = 'In Progress';

export const VENDOR_ORDER_STATUSES = ['Ordered', 'Shipped', 'Received', 'Cancelled'] as const;
export type VendorOrderStatus = (typeof VENDOR_ORDER_STATUSES)[number];

export const PRODUCT_TYPES = ['Part', 'Package', 'Opener', 'Hardware', 'Door Package', 'Spring'] as const;

/** Loading bays are numbered 1 to 8; 0 or empty means "not in a bay". */
export const BAY_COUNT = 8;
export const BAY_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const BAY_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

export const PAGE_SIZES = [10, 20, 30] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const DEFAULT_TAX_RATE = 0.0975;
export const DUPLICATE_SUFFIX = ' - copy';
export const PRINT_WINDOW_CLOSE_MS = 20_000;

/** Session limits (docs/architecture.md section 8). */
export const SESSION_ABSOLUTE_HOURS = 12;
export const DEFAULT_SESSION_IDLE_MINUTES = 480;

/** Login throttling: failures allowed per minute per username and per address. */
export const LOGIN_MAX_FAILURES_PER_MINUTE = 10;

/** A package is a product whose product type name contains 'package', in any case. */
export function isPackageType(typeName: string | null | undefined): boolean {
  return typeof typeName === 'string' && typeName.toLowerCase().includes('package');
}
