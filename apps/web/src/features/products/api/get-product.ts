import type { Product } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './query-keys';

/** GET /api/products/{id} */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/api/products/${id}`, signal ? { signal } : {});
}

/** The product being edited; idle while the editor is in create mode (no id). */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: id !== null,
  });
}
