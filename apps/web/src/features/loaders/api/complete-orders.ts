import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loaderKeys } from './query-keys';

export interface CompletedOrders {
  /** Ids of the orders that became Completed. */
  completed: number[];
}

/**
 * POST /api/orders/modifyLoaderOrders with customer ids ('Complete Orders'): each customer's
 * current load becomes Completed and leaves its bay, all or nothing (409 when one has no load).
 */
export function completeOrders(customerIds: number[]): Promise<CompletedOrders> {
  return api.post<CompletedOrders>('/api/orders/modifyLoaderOrders', customerIds);
}

export function useCompleteOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrders,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loaderKeys.bays() }),
        queryClient.invalidateQueries({ queryKey: loaderKeys.pickupReady() }),
      ]),
  });
}
