/**
 * TanStack Query keys of vendor orders and of the links between orders and vendor orders.
 * Every vendor order query starts with 'vendor-orders' and every link query with
 * 'linked-orders', so one invalidation after a write refreshes the list, the picker and both
 * sides of a link (the vendor order modal and the order modal's Linked Vendor Orders section).
 */
export const vendorOrderKeys = {
  all: ['vendor-orders'] as const,
  /** The paged list of the Vendor Orders tab; the DataTable appends its page, sort and filters. */
  lists: () => [...vendorOrderKeys.all, 'list'] as const,
  /** The whole list, for the picker of the Linked Vendor Orders section. */
  options: () => [...vendorOrderKeys.all, 'options'] as const,
  detail: (id: number) => [...vendorOrderKeys.all, 'detail', id] as const,
  /** What is on one vendor order and what arrived of it (docs/stock.md). */
  lines: (id: number) => [...vendorOrderKeys.all, 'lines', id] as const,
};

export const linkedOrderKeys = {
  all: ['linked-orders'] as const,
  /** The vendor orders linked to one order (the order modal's section). */
  vendorOrdersOfOrder: (orderId: number) => [...linkedOrderKeys.all, 'by-order', orderId] as const,
  /** The orders linked to one vendor order (the vendor order modal's section). */
  ordersOfVendorOrder: (vendorOrderId: number) => [...linkedOrderKeys.all, 'by-vendor-order', vendorOrderId] as const,
};
