import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** DELETE /api/admin/throttles/{key}: lets the address or username sign in again at once. */
export function clearThrottle(key: string): Promise<null> {
  return api.delete<null>(`/api/admin/throttles/${encodeURIComponent(key)}`);
}

export function useClearThrottle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearThrottle,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.throttles() }),
        // Clearing is itself recorded in the security log.
        queryClient.invalidateQueries({ queryKey: adminKeys.securityEvents() }),
      ]),
  });
}
