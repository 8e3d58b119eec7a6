import type { Page, Product } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api, listPageParams } from '../../../lib/api-client';
import { productKeys, type ProductKind } from './query-keys';

/** GET /api/products/ with page, size, sort and per-column filters: one page of the catalogue. */
export function listProductPage(query: ServerQuery, signal?: AbortSignal): Promise<Page<Product>> {
  // The filters come trimmed, the blank ones left out (DataTable's state).
  const params = listPageParams(query);
  return api.get<Page<Product>>(`/api/products/?${params.toString()}`, signal ? { signal } : {});
}

/** GET /api/products/ (optionally kind=part or kind=package): the whole list, for pickers. */
export function listProducts(kind: ProductKind, signal?: AbortSignal): Promise<Product[]> {
  const path = kind ? `/api/products/?kind=${kind}` : '/api/products/';
  return api.get<Product[]>(path, signal ? { signal } : {});
}

export function useProductOptions(kind: ProductKind, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: productKeys.options(kind),
    queryFn: ({ signal }) => listProducts(kind, signal),
    enabled,
  });
}
