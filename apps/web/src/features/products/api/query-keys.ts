/**
 * TanStack Query keys of the catalogue. Every product query starts with 'products', so one
 * invalidation after a write refreshes the list, the pickers and the open editor together.
 */
export const productKeys = {
  all: ['products'] as const,
  /** The paged admin list; the DataTable appends its page, sort and filters. */
  page: ['products', 'page'] as const,
  /** Whole lists for pickers: every product, parts only or packages only. */
  options: (kind: ProductKind) => ['products', 'options', kind ?? 'all'] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export const productTypesQueryKey = ['dropdown', 'product-type'] as const;

export const packageKeys = {
  associatedParts: (packageId: number) => ['package', packageId, 'associated-parts'] as const,
  modifiers: (packageId: number) => ['package', packageId, 'modifiers'] as const,
};

/** `kind` query parameter of GET /api/products/: parts only, packages only, or everything. */
export type ProductKind = 'part' | 'package' | undefined;
