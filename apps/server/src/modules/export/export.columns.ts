/**
 * The columns of each export: the list's columns as its screen names them, in its order, plus
 * the document's date and total (docs/architecture.md section 14).
 */
import {
  toCents,
  type Customer,
  type DocumentListItem,
  type Product,
  type StockRow,
  type VendorOrder,
} from '@desk/domain';
import type { ExportColumn } from './cells.js';

/** A list item with the document's stored total (cents), which the export reads with the row. */
export type DocumentExportRow = DocumentListItem & { totalCents?: number };

const text = <R>(header: string, value: (row: R) => string | null | undefined): ExportColumn<R> => ({
  header,
  kind: 'text',
  value: (r) => value(r) ?? null,
});

const DOCUMENT_START: ExportColumn<DocumentExportRow>[] = [
  { header: 'ID', kind: 'integer', value: (d) => d.id },
  text('Job Name', (d) => d.jobName),
  text('PO Number', (d) => d.poNumber),
  text('Customer No', (d) => d.customerNo),
  text('Customer Name', (d) => d.customerName),
  text('Contact Name', (d) => d.contactName),
];

const total: ExportColumn<DocumentExportRow> = { header: 'Total', kind: 'money', value: (d) => d.totalCents ?? null };

export const ORDER_COLUMNS: ExportColumn<DocumentExportRow>[] = [
  ...DOCUMENT_START,
  text('Order Status', (d) => d.orderStatus),
  { header: 'Order Date', kind: 'date', value: (d) => d.orderDate ?? null },
  total,
];

export const QUOTE_COLUMNS: ExportColumn<DocumentExportRow>[] = [
  ...DOCUMENT_START,
  text('Status', (d) => d.status),
  { header: 'Revision', kind: 'integer', value: (d) => d.revision ?? null },
  { header: 'Quote Date', kind: 'date', value: (d) => d.quoteDate ?? null },
  total,
];

export const CUSTOMER_COLUMNS: ExportColumn<Customer>[] = [
  { header: 'ID', kind: 'integer', value: (c) => c.id },
  text('Customer No', (c) => c.customerNo),
  text('Customer Name', (c) => c.name),
  text('Contact Name', (c) => c.contactName),
  { header: 'Open Orders', kind: 'integer', value: (c) => c.openOrders },
];

export const PRODUCT_COLUMNS: ExportColumn<Product>[] = [
  { header: 'Product ID', kind: 'integer', value: (p) => p.id },
  text('Item No', (p) => p.itemNo),
  text('Item Description', (p) => p.itemDescription),
  { header: 'Wholesale Price', kind: 'money', value: (p) => toCents(p.wholesalePrice) },
  { header: 'Modifier Cost', kind: 'money', value: (p) => toCents(p.modifierCostIncrease) },
  text('Product Type', (p) => p.productType?.type),
];

export const VENDOR_ORDER_COLUMNS: ExportColumn<VendorOrder>[] = [
  { header: 'ID', kind: 'integer', value: (v) => v.id },
  text('Name', (v) => v.name),
  text('Description', (v) => v.description),
  { header: 'Estimated Arrival', kind: 'date', value: (v) => v.estimatedArrival },
  text('Status', (v) => v.status),
  { header: 'Received Date', kind: 'date', value: (v) => v.receivedDate },
];

export const STOCK_COLUMNS: ExportColumn<StockRow>[] = [
  { header: 'Product ID', kind: 'integer', value: (s) => s.productId },
  text('Item No', (s) => s.itemNo),
  text('Item Description', (s) => s.itemDescription),
  text('Product Type', (s) => s.productType),
  { header: 'On Hand', kind: 'integer', value: (s) => s.onHand },
  { header: 'Reserved', kind: 'integer', value: (s) => s.reserved },
  { header: 'Available', kind: 'integer', value: (s) => s.available },
  { header: 'On Order', kind: 'integer', value: (s) => s.onOrder },
  { header: 'Next Arrival', kind: 'date', value: (s) => s.nextArrival },
  { header: 'Reorder Point', kind: 'integer', value: (s) => s.reorderPoint },
  { header: 'Reorder Quantity', kind: 'integer', value: (s) => s.reorderQuantity },
  text('Count Needed', (s) => (s.countNeeded ? 'yes' : 'no')),
];
