import type { ProductType } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productTypesQueryKey } from './query-keys';

/** GET /api/dropdown/product-type */
export function listProductTypes(signal?: AbortSignal): Promise<ProductType[]> {
  return api.get<ProductType[]>('/api/dropdown/product-type', signal ? { signal } : {});
}

export function useProductTypes() {
  return useQuery({
    queryKey: productTypesQueryKey,
    queryFn: ({ signal }) => listProductTypes(signal),
    // Product types are seeded reference data; they do not change while the editor is open.
    staleTime: 5 * 60_000,
  });
}
