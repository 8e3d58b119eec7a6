import type { PickupOrder } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshYard } from './query-keys';
import { YARD_REQUEST } from './request-limits';

/**
 * PUT /api/orders/chooseGarageBayOrder ('Choose Garage Bay'): saves bay assignments only; an
 * order moved to another bay stops being a current load. In Bay ticks are not saved.
 */
export function chooseGarageBay(rows: PickupOrder[]): Promise<PickupOrder[]> {
  return api.put<PickupOrder[]>('/api/orders/chooseGarageBayOrder', rows, YARD_REQUEST);
}

export function useChooseGarageBay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseGarageBay,
    onSuccess: () => refreshYard(queryClient),
  });
}
