import type { PickupOrder } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshYard } from './query-keys';
import { YARD_REQUEST } from './request-limits';

/**
 * PUT /api/orders/updateChosenJob ('Place in Bay'): saves every row's bay and In Bay (current
 * load) flag in one transaction; 409 when two orders would be one bay's current load.
 */
export function updateChosenJob(rows: PickupOrder[]): Promise<PickupOrder[]> {
  return api.put<PickupOrder[]>('/api/orders/updateChosenJob', rows, YARD_REQUEST);
}

export function useUpdateChosenJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChosenJob,
    // A bay's pick list follows its current load, so the Loading Grid is stale too.
    onSuccess: () => refreshYard(queryClient),
  });
}
