import type { LinkedOrder } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkedOrderKeys } from './query-keys';

/** GET /api/linked-orders/vendor-orders/{orderId}: the vendor orders linked to an order. */
export function listLinkedVendorOrders(orderId: number, signal?: AbortSignal): Promise<LinkedOrder[]> {
  return api.get<LinkedOrder[]>(`/api/linked-orders/vendor-orders/${orderId}`, { signal });
}

export function useLinkedVendorOrders(orderId: number) {
  return useQuery({
    queryKey: linkedOrderKeys.vendorOrdersOfOrder(orderId),
    queryFn: ({ signal }) => listLinkedVendorOrders(orderId, signal),
  });
}
