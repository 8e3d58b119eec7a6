/**
 * Export any list (docs/architecture.md section 14): the list's own query (its repository's
 * listSpec, read whole by sortedListQuery) streamed through a connection of its own into a CSV or
 * XLSX writer, a chunk at a time as the response asks for it.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CUSTOMER_LIST_FIELDS,
  ORDER_LIST_FIELDS,
  PRODUCT_LIST_FIELDS,
  QUOTE_LIST_FIELDS,
  STOCK_LIST_FIELDS,
  VENDOR_ORDER_LIST_FIELDS,
} from '@desk/domain';
import type { Database, Reader } from '../../db/database.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import { parseListQuery, type ListQuery } from '../../lib/paging.js';
import * as customers from '../customers/customers.repository.js';
import * as products from '../catalog/products.repository.js';
import * as vendorOrders from '../vendor-orders/vendor-orders.repository.js';
import * as stock from '../stock/stock.repository.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { ExportColumn } from './cells.js';
import { csvChunks } from './csv-writer.js';
import { xlsxChunks } from './xlsx-writer.js';
import {
  CUSTOMER_COLUMNS,
  ORDER_COLUMNS,
  PRODUCT_COLUMNS,
  QUOTE_COLUMNS,
  STOCK_COLUMNS,
  VENDOR_ORDER_COLUMNS,
  type DocumentExportRow,
} from './export.columns.js';

export const EXPORT_LISTS = ['customers', 'products', 'orders', 'quotes', 'vendor-orders', 'stock'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
/** Each list's sort and filter names (its route's), by the list's name in its URL (/api/<list>). */
export const LIST_FIELDS: Record<ExportList, readonly string[]> = {
  customers: CUSTOMER_LIST_FIELDS,
  products: PRODUCT_LIST_FIELDS,
  orders: ORDER_LIST_FIELDS,
  quotes: QUOTE_LIST_FIELDS,
  'vendor-orders': VENDOR_ORDER_LIST_FIELDS,
  stock: STOCK_LIST_FIELDS,
};
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Exports running at once per instance (each holds a connection), and how many more may wait. */
export const MAX_RUNNING = 4;
export const MAX_WAITING = 20;
/** Rows a PostgreSQL cursor reads at a time. */
const CURSOR_ROWS = 1000;

/** What a request asks: the list's query, and its own switches (closed orders, product kind). */
export interface ExportRequest {
  list: ExportList;
  query: ListQuery;
  closed?: boolean;
  productKind?: products.ProductKind;
}

/** The stock list's switches that are no column (docs/stock.md). */
const STOCK_FILTER_ONLY = ['short', 'countNeeded'];

/** The documents' filter that is no column (docs/architecture.md section 9). */
const DOCUMENT_FILTER_ONLY = ['changedBy'];

/**
 * The query string as the list route reads it, with the list's own switches taken out first:
 * `closed` (orders: 0 or 1) and `kind` (products: part or package). Throws a 400 naming the field.
 */
export function parseExportRequest(list: ExportList, raw: Record<string, string>): ExportRequest {
  const { closed, ...rest } = raw;
  if (list === 'orders') {
    if (closed !== undefined && closed !== '0' && closed !== '1')
      throw badRequest('Closed must be 0 (open orders) or 1 (closed orders).');
    return {
      list,
      query: parseListQuery(rest, LIST_FIELDS.orders, 'id', DOCUMENT_FILTER_ONLY),
      closed: closed === '1',
    };
  }
  // Another list has no closed switch: the list route would refuse it as a filter too.
  const query = closed === undefined ? rest : raw;
  if (list === 'quotes') return { list, query: parseListQuery(query, LIST_FIELDS.quotes, 'id', DOCUMENT_FILTER_ONLY) };
  if (list === 'stock') return { list, query: parseListQuery(query, LIST_FIELDS.stock, 'itemNo', STOCK_FILTER_ONLY) };
  if (list !== 'products') return { list, query: parseListQuery(query, LIST_FIELDS[list]) };
  const { kind, ...productQuery } = query;
  if (kind !== undefined && kind !== 'part' && kind !== 'package') throw badRequest('Kind must be part or package.');
  return { list, query: parseListQuery(productQuery, LIST_FIELDS.products), productKind: kind };
}

/** Turns past MAX_RUNNING wait in line (at most MAX_WAITING of them); beyond that, 429. */
export class ExportSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most exports that ever ran at once (the tests read it). */
  peak = 0;

  constructor(
    private readonly maxRunning = MAX_RUNNING,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /** Resolves with a release function once a slot is free. */
  async take(): Promise<() => void> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting)
        throw tooManyRequests('Too many exports are running on the server just now: try again in a minute.', 60);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.peak = Math.max(this.peak, this.running);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (running stays the same).
      if (next) next();
      else this.running--;
    };
  }
}

/**
 * The chunks, with a turn of the event loop after each. A client reading as fast as the export
 * writes (on the same machine, or through a proxy's buffer) finishes every socket write at once,
 * and a drained socket asks for the next chunk at once: without the turn, the whole export ran in
 * one go and every other request waited for it (the bench's clerk waited 0.9 s for a page of the
 * order list during a CSV export of 100,000 orders).
 */
async function* takingTurns<T>(chunks: AsyncIterable<T>, durable: () => Promise<void>): AsyncGenerator<T> {
  for await (const chunk of chunks) {
    // Nothing leaves that a power loss could take back (docs/decisions/022-group-commit.md): the
    // reader's snapshot was taken by its first read, before this call, so every write it can
    // hold is covered by the fsync this waits for (none pending: no wait).
    await durable();
    yield chunk;
    await nextTurn();
  }
}

/** `f`, run on the first call only. */
function once(f: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    f();
  };
}

/** The rows of `query` as `map` makes them, read from the stream in the order given. */
async function* mapped<Row, Item>(rows: AsyncIterable<Row>, map: (row: Row) => Item): AsyncGenerator<Item> {
  for await (const row of rows) yield map(row);
}

interface Source<Item> {
  rows: AsyncIterable<Item>;
  columns: readonly ExportColumn<Item>[];
}

export class ExportService {
  readonly slots = new ExportSlots();

  constructor(
    private readonly database: Database,
    private readonly documents: DocumentsService,
    private readonly clock: Clock,
  ) {}

  /** The file's name, e.g. orders-2026-11-26.csv (closed-orders-... for the closed list). */
  filename(request: ExportRequest, format: ExportFormat): string {
    const name = request.list === 'orders' && request.closed ? 'closed-orders' : request.list;
    return `${name}-${isoAt(this.clock()).slice(0, 10)}.${format}`;
  }

  /**
   * Opens the export: waits for a slot, opens a connection of its own, and answers the stream of
   * the file's bytes. The slot and the connection are let go when the stream ends, fails or is
   * dropped.
   */
  async open(request: ExportRequest, format: ExportFormat): Promise<Readable> {
    const release = await this.slots.take();
    let reader: Reader | null = null;
    try {
      reader = this.database.openReader();
      const source = await this.source(request, reader);
      const chunks =
        format === 'csv'
          ? csvChunks(source.columns, source.rows)
          : xlsxChunks(sheetName(request), source.columns, source.rows);
      const body = Readable.from(
        takingTurns(chunks, () => this.database.durable()),
        { objectMode: false, highWaterMark: 128 * 1024 },
      );
      const opened = reader;
      // Let go at the first of: read to the end, failed, or dropped (the client went away).
      const done = once(() => {
        release();
        void opened.close().catch(() => {});
      });
      body.once('end', done).once('error', done).once('close', done);
      return body;
    } catch (e) {
      release();
      if (reader) await reader.close().catch(() => {});
      throw e;
    }
  }

  private async source(request: ExportRequest, reader: Reader): Promise<Source<unknown>> {
    const db = reader.db;
    const { query } = request;
    switch (request.list) {
      case 'orders':
      case 'quotes': {
        const kind = request.list === 'orders' ? 'order' : 'quote';
        const { rows, map } = await this.documents.listRows(kind, query, request.closed, db);
        const withTotals = rows.select('d.total_cents');
        const toRow = (r: Parameters<typeof map>[0] & { total_cents: number | string }): DocumentExportRow => ({
          ...map(r),
          totalCents: Number(r.total_cents),
        });
        return source(mapped(withTotals.stream(CURSOR_ROWS), toRow), kind === 'order' ? ORDER_COLUMNS : QUOTE_COLUMNS);
      }
      case 'customers':
        return source(
          mapped(customers.listRows(db, query).stream(CURSOR_ROWS), customers.toCustomer),
          CUSTOMER_COLUMNS,
        );
      case 'products':
        return source(
          mapped(products.listRows(db, query, request.productKind).stream(CURSOR_ROWS), products.toProduct),
          PRODUCT_COLUMNS,
        );
      case 'vendor-orders':
        return source(
          mapped(vendorOrders.listRows(db, query).stream(CURSOR_ROWS), vendorOrders.toVendorOrder),
          VENDOR_ORDER_COLUMNS,
        );
      case 'stock':
        return source(mapped(stock.stockListRows(db, query).stream(CURSOR_ROWS), stock.toStockRow), STOCK_COLUMNS);
    }
  }
}

/** Rows and the columns that read them, with the row type forgotten once they are paired. */
function source<Item>(rows: AsyncIterable<Item>, columns: readonly ExportColumn<Item>[]): Source<unknown> {
  return { rows, columns } as Source<unknown>;
}

const SHEET_NAMES: Record<ExportList, string> = {
  customers: 'Customers',
  products: 'Products',
  orders: 'Orders',
  quotes: 'Quotes',
  'vendor-orders': 'Vendor orders',
  stock: 'Stock',
};

function sheetName(request: ExportRequest): string {
  return request.list === 'orders' && request.closed ? 'Closed orders' : SHEET_NAMES[request.list];
}
