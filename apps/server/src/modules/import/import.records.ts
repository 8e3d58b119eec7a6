/**
 * Customers and vendor orders from a file (docs/architecture.md section 15): matched by customer
 * number and by vendor order name, checked by the screens' schemas, each written row with its
 * history. A customer without a number cannot be matched and is always new.
 */
import {
  customerInputSchema,
  VENDOR_ORDER_STATUSES,
  vendorOrderInputSchema,
  type Customer,
  type CustomerInput,
  type ImportProblem,
  type VendorOrderInput,
} from '@desk/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { CustomerRow, DB } from '../../db/schema.js';
import { numberKey } from '../../lib/rows.js';
import { customerValues, insert as insertCustomer, toCustomer } from '../customers/customers.repository.js';
import type { Change } from '../history/history.repository.js';
import { describeChanges } from '../history/record-changes.js';
import { insert as insertVendorOrder, vendorOrderValues } from '../vendor-orders/vendor-orders.repository.js';
import {
  breathe,
  issueProblems,
  parseAmount,
  parseDate,
  parsedCells,
  parseSwitch,
  type RowReader,
} from './import.cells.js';
import type { Sheet, SheetRow } from './import.file.js';
import { asImport, normalisedNumbers, recordImport, rowsWhereIn, updateRow } from './import.plan.js';
import type { Batches, Cell, KindImporter, Plan, PlannedRow, WriteContext } from './import.plan.js';

interface RecordKind<Row extends { id: number }, Input> {
  table: 'customers' | 'vendor_orders';
  subject: 'customer' | 'vendor-order';
  keyField: string;
  keyLabel: string;
  /** Keys compared case-blind and trimmed, as the database's unique index does (customer numbers). */
  caseBlind: boolean;
  /** Rows whose key is one of these (normalised when caseBlind), each with its key as given. */
  find(db: Kysely<DB>, keys: string[]): Promise<Array<Row & { key: string }>>;
  /** The record as the preview names it. */
  nameOf(row: Row): string;
  schema: z.ZodType<Input, unknown>;
  /** The API's input from a stored row (an update starts from it). */
  inputOf(row: Row): Record<string, unknown>;
  /** The row's cells into the input's shape (only cells with a value), with their problems. */
  patch(reader: RowReader, r: SheetRow, today: string): { patch: Record<string, unknown>; problems: ImportProblem[] };
  /** Our field from a schema issue's path. */
  fieldOf(path: readonly PropertyKey[]): string;
  /** The input as it is written (a field the screen fills in, filled in). */
  complete(input: Input, today: string): Input;
  values(input: Input): Record<string, Cell>;
  /** A new record through its module's repository; answers its id. */
  insert(trx: Transaction<DB>, input: Input, now: string): Promise<number>;
  /** The record as its history shows it, before and after. */
  view(values: Record<string, Cell>, row: Row | null): Record<string, unknown>;
  describe(input: Input): string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored record with the file's cells over it; an address keeps the parts the file leaves empty. */
function merge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, v] of Object.entries(patch))
    out[key] = isObject(v) && isObject(base[key]) ? { ...base[key], ...v } : v;
  return out;
}

/** A planned row with the input it writes (a new record is inserted from it). */
interface RecordRowPlan<Input> extends PlannedRow {
  input: Input;
}

function recordImporter<Row extends { id: number }, Input>(k: RecordKind<Row, Input>): KindImporter {
  return {
    async plan(db, sheet: Sheet, reader: RowReader, today: string): Promise<Plan> {
      const given = [...new Set(sheet.rows.map((r) => reader.get(r, k.keyField)).filter(Boolean))];
      const normalised = k.caseBlind ? await normalisedNumbers(db, given) : null;
      const keyOf = (key: string) => normalised?.get(key) ?? key;
      const keys = [...new Set(given.map(keyOf))];
      const existing = new Map<string, Array<Row & { key: string }>>();
      for (const row of await k.find(db, keys)) existing.set(row.key, [...(existing.get(row.key) ?? []), row]);
      const problems: ImportProblem[] = [];
      const bad = new Set<number>();
      const writes: Array<RecordRowPlan<Input>> = [];
      const firstRow = new Map<string, number>();
      for (const [n, r] of sheet.rows.entries()) {
        if (n % 500 === 499) await breathe();
        const key = reader.get(r, k.keyField);
        const found: ImportProblem[] = [];
        const matches = key ? (existing.get(keyOf(key)) ?? []) : [];
        if (key) {
          const first = firstRow.get(keyOf(key));
          if (first !== undefined)
            found.push(
              reader.problem(r, k.keyField, `${k.keyLabel} ${key} appears twice (rows ${r.row} and ${first})`),
            );
          else firstRow.set(keyOf(key), r.row);
          if (matches.length > 1)
            found.push(
              reader.problem(
                r,
                k.keyField,
                `${k.keyLabel} ${key} matches ${matches.length} records; give them different ${k.keyLabel.toLowerCase()}s first`,
              ),
            );
        }
        const was = matches.length === 1 ? matches[0]! : null;
        const { patch, problems: cellProblems } = k.patch(reader, r, today);
        found.push(...cellProblems);
        const stored = was ? k.inputOf(was) : {};
        // A matched record keeps its number as stored: ' c-1001' matches C-1001 and leaves it so.
        const input = { ...merge(stored, patch), ...(was ? { [k.keyField]: stored[k.keyField] } : {}) };
        const parsed = k.schema.safeParse(input);
        if (!parsed.success)
          found.push(
            ...issueProblems(reader, r, parsed.error, k.fieldOf).filter(
              (p) => !found.some((f) => f.column === p.column),
            ),
          );
        if (found.length || !parsed.success) {
          problems.push(...found);
          bad.add(r.row);
          continue;
        }
        const written = k.complete(parsed.data, today);
        const values = k.values(written);
        const changes = was ? asImport(describeChanges(k.view({}, was), k.view(values, was))) : [];
        writes.push({
          row: r.row,
          key,
          id: was?.id ?? null,
          input: written,
          values,
          created: was ? null : k.describe(parsed.data),
          changes,
          ...(was ? { record: k.nameOf(was) } : {}),
        });
      }
      return { rows: sheet.rows.length, problems, bad, writes, sample: reader.sampleOf(sheet.rows) };
    },

    batches(_db, plan: Plan, { actor, now }: WriteContext): Batches {
      return {
        size: plan.writes.length,
        async write(trx: Transaction<DB>, from: number, to: number) {
          const records: Array<{ id: number; changes: Change[] }> = [];
          let created = 0;
          let updated = 0;
          for (const r of (plan.writes as Array<RecordRowPlan<Input>>).slice(from, to)) {
            if (r.id === null) {
              const id = await k.insert(trx, r.input, now);
              records.push({ id, changes: [{ action: 'import', to: r.created }] });
              created++;
            } else if (r.changes.length) {
              await updateRow(trx, k.table, r.id, r.values, now);
              records.push({ id: r.id, changes: r.changes });
              updated++;
            }
          }
          await recordImport(trx, actor, now, k.subject, records);
          return { created, updated };
        },
      };
    },
  };
}

/** A change's field as the import names it: 'streetAddress.city' -> 'city' (IMPORT_FIELDS' keys). */
export function importFieldOf(field: string): string {
  const [a, b] = field.split('.');
  const found = Object.entries(ADDRESS).find(([, [x, y]]) => x === a && y === b);
  return found ? found[0] : field;
}

const ADDRESS: Record<string, [string, string]> = {
  street: ['streetAddress', 'street'],
  city: ['streetAddress', 'city'],
  state: ['streetAddress', 'state'],
  zipCode: ['streetAddress', 'zipCode'],
  shipStreet: ['shipTo', 'street'],
  shipCity: ['shipTo', 'city'],
  shipState: ['shipTo', 'state'],
  shipZipCode: ['shipTo', 'zipCode'],
};
const CUSTOMER_TEXTS = [
  'customerNo',
  'name',
  'contactName',
  'email',
  'phone',
  'fax',
  'mobilePhone',
  'specialNeeds',
  'specialInstructions',
  'taxCode',
  'termsCode',
] as const;
const MULTIPLIERS = [
  'residentialMultiplier',
  'openerMultiplier',
  'sectionalMultiplier',
  'commercialMultiplier',
] as const;
const SWITCHES = ['useTax', 'readyForPickupEmail'] as const;

const customerOf = (row: CustomerRow): Customer => toCustomer({ ...row, open_orders: 0 });

export const customersImporter = recordImporter<CustomerRow, CustomerInput>({
  table: 'customers',
  subject: 'customer',
  keyField: 'customerNo',
  keyLabel: 'Customer No',
  caseBlind: true,
  find: (db, keys) =>
    rowsWhereIn(keys, async (slice) =>
      (
        await db
          .selectFrom('customers')
          .selectAll()
          .select(numberKey('customer_no').as('number_key'))
          .where(numberKey('customer_no'), 'in', slice)
          .execute()
      ).map(({ number_key, ...r }) => ({ ...r, key: number_key })),
    ),
  nameOf: (row) => [row.customer_no, row.name].filter(Boolean).join(' '),
  schema: customerInputSchema,
  inputOf: (row) => {
    const { id: _id, openOrders: _o, version: _v, ...input } = customerOf(row);
    return input;
  },
  patch(reader, r) {
    const patch: Record<string, unknown> = {};
    const problems: ImportProblem[] = [];
    for (const f of CUSTOMER_TEXTS) if (reader.get(r, f)) patch[f] = reader.get(r, f);
    for (const [f, [address, part]] of Object.entries(ADDRESS)) {
      if (!reader.get(r, f)) continue;
      const given = (patch[address] as Record<string, unknown> | undefined) ?? {};
      patch[address] = { ...given, [part]: reader.get(r, f) };
    }
    const multipliers = parsedCells(reader, r, MULTIPLIERS, (raw) => parseAmount(raw, false), 'is not a number');
    const switches = parsedCells(
      reader,
      r,
      SWITCHES,
      parseSwitch,
      'is not yes or no (write yes/no, true/false or 1/0)',
    );
    for (const [f, v] of [...multipliers.values, ...switches.values]) patch[f] = v;
    problems.push(...multipliers.problems, ...switches.problems);
    return { patch, problems };
  },
  fieldOf(path) {
    const [a, b] = path.map(String);
    if (a === 'streetAddress' || a === 'shipTo') {
      const found = Object.entries(ADDRESS).find(([, [x, y]]) => x === a && y === (b ?? 'street'));
      return found ? found[0] : 'street';
    }
    return a ?? 'name';
  },
  complete: (input) => input,
  values: (input) => customerValues(input),
  insert: insertCustomer,
  view: (values, row) => {
    const { openOrders: _o, ...c } = customerOf({ ...row!, ...(values as Partial<CustomerRow>) });
    return c;
  },
  describe: (input) => input.name,
});

type VendorRow = {
  id: number;
  name: string;
  description: string | null;
  estimated_arrival: string | null;
  status: string;
  received_date: string | null;
};
const STATUSES = new Map(VENDOR_ORDER_STATUSES.map((s) => [s.toLowerCase(), s]));

export const vendorOrdersImporter = recordImporter<VendorRow, VendorOrderInput>({
  table: 'vendor_orders',
  subject: 'vendor-order',
  keyField: 'name',
  keyLabel: 'Vendor order',
  caseBlind: false,
  nameOf: (row) => row.name,
  find: (db, keys) =>
    rowsWhereIn(keys, async (slice) =>
      (
        await db
          .selectFrom('vendor_orders')
          .select(['id', 'name', 'description', 'estimated_arrival', 'status', 'received_date'])
          .where('name', 'in', slice)
          .execute()
      ).map((r) => ({ ...r, key: r.name })),
    ),
  schema: vendorOrderInputSchema,
  inputOf: (row) => ({
    name: row.name,
    description: row.description,
    estimatedArrival: row.estimated_arrival,
    status: row.status,
    receivedDate: row.received_date,
  }),
  patch(reader, r) {
    const patch: Record<string, unknown> = {};
    for (const f of ['name', 'description']) if (reader.get(r, f)) patch[f] = reader.get(r, f);
    for (const f of ['estimatedArrival', 'receivedDate']) if (reader.get(r, f)) patch[f] = parseDate(reader.get(r, f));
    const status = reader.get(r, 'status');
    if (status) patch.status = STATUSES.get(status.toLowerCase()) ?? status;
    return { patch, problems: [] };
  },
  fieldOf: (path) => String(path[0] ?? 'name'),
  // Marked Received without a date: today's, as the screen does.
  complete: (input, today) =>
    input.status === 'Received' ? { ...input, receivedDate: input.receivedDate ?? today } : input,
  values: (input) => vendorOrderValues(input),
  insert: insertVendorOrder,
  view: (values, row) => {
    const v = { ...row!, ...(values as Partial<VendorRow>) };
    return {
      name: v.name,
      description: v.description,
      estimatedArrival: v.estimated_arrival,
      status: v.status,
      receivedDate: v.received_date,
    };
  },
  describe: (input) => input.name,
});
