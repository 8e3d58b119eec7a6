import type { PickupOrder } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loaderKeys } from './query-keys';
import { YARD_REQUEST } from './request-limits';

export { loaderKeys };

/** GET /api/orders/list/pickup_ready: open orders whose pickup flag is on, with their bays. */
export function listPickupReady(signal?: AbortSignal): Promise<PickupOrder[]> {
  return api.get<PickupOrder[]>('/api/orders/list/pickup_ready', { signal, ...YARD_REQUEST });
}

export function usePickupReady() {
  return useQuery({
    queryKey: loaderKeys.pickupReady(),
    queryFn: ({ signal }) => listPickupReady(signal),
  });
}
