import type { OrderStatus } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderStatusesQueryKey } from './query-keys';

/** GET /api/dropdown/order-status: the seeded statuses, in their order (Open first). */
export function listOrderStatuses(signal?: AbortSignal): Promise<OrderStatus[]> {
  return api.get<OrderStatus[]>('/api/dropdown/order-status', signal ? { signal } : {});
}

export function useOrderStatuses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderStatusesQueryKey,
    queryFn: ({ signal }) => listOrderStatuses(signal),
    enabled,
    // Seeded at install; they do not change while the app is open.
    staleTime: Infinity,
  });
}
