import type { DocumentKind } from '@desk/domain';

/**
 * TanStack Query keys of orders and quotes. Everything of one kind starts with its plural, so
 * invalidating `all(kind)` refreshes every view of that kind.
 */
export const documentKeys = {
  all: (kind: DocumentKind) => [`${kind}s`] as const,
  /** Every list of the kind; the DataTable appends its page, sort and filters. */
  lists: (kind: DocumentKind) => [`${kind}s`, 'list'] as const,
  /** Orders: list/0 (open) or list/1 (closed). */
  list: (kind: DocumentKind, closed = false) => [`${kind}s`, 'list', closed ? 'closed' : 'open'] as const,
  detail: (kind: DocumentKind, id: number) => [`${kind}s`, 'detail', id] as const,
  cart: (kind: DocumentKind, id: number) => [`${kind}s`, 'cart', id] as const,
  /** What the shelf covers of a document's needs (docs/stock.md); every document's of the kind without `id`. */
  availability: (kind: DocumentKind, id?: number) =>
    id === undefined ? ([`${kind}s`, 'availability'] as const) : ([`${kind}s`, 'availability', id] as const),
  /** What belongs to one cart line: sub-parts and applied modifiers. */
  line: (kind: DocumentKind, lineId: number) => [`${kind}s`, 'line', lineId] as const,
  subParts: (kind: DocumentKind, lineId: number) => [`${kind}s`, 'line', lineId, 'sub-parts'] as const,
  appliedModifiers: (kind: DocumentKind, lineId: number) => [`${kind}s`, 'line', lineId, 'modifiers'] as const,
};

export const orderStatusesQueryKey = ['dropdown', 'order-status'] as const;
export const customerOptionsQueryKey = ['customers', 'options'] as const;
