import type { LinkedOrder } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkedOrderKeys } from './query-keys';

/** GET /api/linked-orders/orders/{vendorOrderId}: the orders linked to a vendor order. */
export function listLinkedOrders(vendorOrderId: number, signal?: AbortSignal): Promise<LinkedOrder[]> {
  return api.get<LinkedOrder[]>(`/api/linked-orders/orders/${vendorOrderId}`, { signal });
}

export function useLinkedOrders(vendorOrderId: number) {
  return useQuery({
    queryKey: linkedOrderKeys.ordersOfVendorOrder(vendorOrderId),
    queryFn: ({ signal }) => listLinkedOrders(vendorOrderId, signal),
  });
}
