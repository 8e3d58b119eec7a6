import type { LinkedOrder } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkedOrderKeys } from './query-keys';

export interface CreateLinkedOrderArgs {
  orderId: number;
  vendorOrderId: number;
}

/** POST /api/linked-orders/create {order:{id}, vendorOrder:{id}}; 409 when the pair is already linked. */
export function createLinkedOrder({ orderId, vendorOrderId }: CreateLinkedOrderArgs): Promise<LinkedOrder> {
  return api.post<LinkedOrder>('/api/linked-orders/create', {
    order: { id: orderId },
    vendorOrder: { id: vendorOrderId },
  });
}

export function useCreateLinkedOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLinkedOrder,
    // Both sides of the link: the order's vendor orders and the vendor order's orders.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedOrderKeys.all }),
  });
}
