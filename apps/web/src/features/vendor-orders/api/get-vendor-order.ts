import type { VendorOrder } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vendorOrderKeys } from './query-keys';

/** GET /api/vendor-orders/{id}. */
export function getVendorOrder(id: number, signal?: AbortSignal): Promise<VendorOrder> {
  return api.get<VendorOrder>(`/api/vendor-orders/${id}`, { signal });
}

/** One vendor order, for the editor; idle while `id` is null (create mode). */
export function useVendorOrder(id: number | null) {
  return useQuery({
    queryKey: vendorOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getVendorOrder(id!, signal),
    enabled: id !== null,
    // The editor must not swap the form under the user's hands when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
