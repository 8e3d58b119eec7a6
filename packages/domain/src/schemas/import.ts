/**
 * Import of products, customers and vendor orders from CSV or XLSX (docs/architecture.md
 * section 15): the fields a file's columns map to, and the preview and job the API answers.
 */
import { z } from 'zod';
import { MULTIPLIER_CATEGORIES, multiplierKey } from '../constants.js';

export const IMPORT_KINDS = ['products', 'customers', 'vendor-orders', 'stock'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_MODES = ['all', 'valid'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** One field a column can be mapped to: its key (the mapping's), its label, whether a row needs it. */
export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
}

/** Our fields per kind, in the order the screen lists them. The first is the key rows are matched by. */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  products: [
    { key: 'itemNo', label: 'Item No', required: true },
    { key: 'itemDescription', label: 'Description' },
    { key: 'productType', label: 'Product type' },
    { key: 'multiplierCategory', label: 'Multiplier category' },
    { key: 'wholesalePrice', label: 'Wholesale price' },
    { key: 'modifierCostIncrease', label: 'Modifier cost increase' },
    { key: 'associatedParts', label: 'Associated parts' },
    { key: 'windowsData', label: 'Windows data' },
    { key: 'windowDescription', label: 'Window description' },
    { key: 'insertsData', label: 'Inserts data' },
    { key: 'insertDescription', label: 'Insert description' },
  ],
  customers: [
    { key: 'customerNo', label: 'Customer No' },
    { key: 'name', label: 'Name', required: true },
    { key: 'contactName', label: 'Contact' },
    { key: 'email', label: 'E-mail' },
    { key: 'phone', label: 'Phone' },
    { key: 'fax', label: 'Fax' },
    { key: 'mobilePhone', label: 'Mobile phone' },
    { key: 'street', label: 'Street' },
    { key: 'city', label: 'City' },
    { key: 'state', label: 'State' },
    { key: 'zipCode', label: 'Zip code' },
    { key: 'shipStreet', label: 'Ship-to street' },
    { key: 'shipCity', label: 'Ship-to city' },
    { key: 'shipState', label: 'Ship-to state' },
    { key: 'shipZipCode', label: 'Ship-to zip code' },
    { key: 'specialNeeds', label: 'Special needs' },
    { key: 'specialInstructions', label: 'Special instructions' },
    { key: 'taxCode', label: 'Tax code' },
    { key: 'termsCode', label: 'Terms code' },
    { key: 'useTax', label: 'Use tax' },
    ...MULTIPLIER_CATEGORIES.map((c) => ({ key: `${multiplierKey(c)}Multiplier`, label: `${c} multiplier` })),
    { key: 'readyForPickupEmail', label: 'Ready-for-pickup e-mail' },
  ],
  'vendor-orders': [
    { key: 'name', label: 'Name', required: true },
    { key: 'description', label: 'Description' },
    { key: 'estimatedArrival', label: 'Estimated arrival' },
    { key: 'status', label: 'Status' },
    { key: 'receivedDate', label: 'Received date' },
  ],
  /** Opening stock and reorder points by item number (docs/stock.md). */
  stock: [
    { key: 'itemNo', label: 'Item No', required: true },
    { key: 'onHand', label: 'On hand' },
    { key: 'reorderPoint', label: 'Reorder point' },
    { key: 'reorderQuantity', label: 'Reorder quantity' },
  ],
};

/** Our field -> their column header. */
export const importMappingSchema = z.record(z.string(), z.string());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importProblemSchema = z.object({
  /** The row as the file numbers it: the header is row 1. */
  row: z.number().int(),
  /** Their column header, or our field's label when no column is mapped to it. */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** One row the import would update: the record it matched and each field with its old and new value. */
export const importUpdateSchema = z.object({
  row: z.number().int(),
  /** The record as the screen names it: the item number, "C-1001 Acme Doors", the vendor order's name. */
  record: z.string(),
  changes: z.array(
    z.object({ field: z.string(), label: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  ),
});
export type ImportUpdate = z.infer<typeof importUpdateSchema>;

/** POST /api/import/{kind} with dryRun=true. */
export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** Data rows (the header not counted; empty rows not counted). */
  rows: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  /** Rows that match a record and would change nothing. */
  unchanged: z.number().int(),
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  /** Where the mapping came from: given with the request, remembered for these headers, or guessed. */
  mappingSource: z.enum(['given', 'remembered', 'guessed']),
  /** The first 20 rows as our fields (text as read from the file). */
  sample: z.array(z.record(z.string(), z.string())),
  /** At most 1,000; problemCount has them all. */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  /** Rows with at least one problem. */
  badRows: z.number().int(),
  /** The rows that would update a record, with their changes, in file order (at most 1,000; updates counts them all). */
  updated: z.array(importUpdateSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_JOB_STATES = ['running', 'done', 'failed'] as const;

/** GET /api/import/jobs/{jobId}. */
export const importJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  mode: z.enum(IMPORT_MODES),
  state: z.enum(IMPORT_JOB_STATES),
  fileName: z.string().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  /** Why a failed job failed, in words. */
  message: z.string().nullable(),
  /** The longest single write transaction, in milliseconds. */
  longestWriteMs: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importStartedSchema = z.object({ jobId: z.number().int() });
