import type { CompletedOrders } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { refreshYard } from './query-keys';
import { YARD_REQUEST } from './request-limits';

/** Ids of the orders that became Completed. */
export type { CompletedOrders };

/**
 * POST /api/orders/completeBayOrders with the ticked bays' order ids ('Complete Orders'): only
 * those current loads become Completed and leave their bays, all or nothing (409 naming an order
 * that is no longer a load). Per bay, not per customer: a contractor may have loads in two bays.
 */
export function completeBayOrders(orderIds: number[]): Promise<CompletedOrders> {
  return api.post<CompletedOrders>('/api/orders/completeBayOrders', { orderIds }, YARD_REQUEST);
}

export function useCompleteBayOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeBayOrders,
    onSettled: (_data, error) => {
      // No answer at all (offline): the bays are as they were; reloading them would only fail too.
      if (isApiError(error) && error.httpStatus === 0) return;
      // Done, or refused (another clerk was first): show the bays as they are now.
      return refreshYard(queryClient);
    },
  });
}
