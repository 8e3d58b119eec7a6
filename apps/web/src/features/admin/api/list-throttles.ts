import type { ThrottleEntry } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/throttles (administrators only): sign-in throttle counters of the last day. */
export function listThrottles(signal?: AbortSignal): Promise<ThrottleEntry[]> {
  return api.get<ThrottleEntry[]>('/api/admin/throttles', { signal });
}

export function useThrottles() {
  return useQuery({ queryKey: adminKeys.throttles(), queryFn: ({ signal }) => listThrottles(signal) });
}
