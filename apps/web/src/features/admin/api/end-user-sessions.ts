import type { SessionsEnded } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** DELETE /api/admin/users/{username}/sessions: signs the user out everywhere; answers how many ended. */
export function endUserSessions(username: string): Promise<SessionsEnded> {
  return api.delete<SessionsEnded>(`/api/admin/users/${encodeURIComponent(username)}/sessions`);
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    // The security log has a new line.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.securityEvents() }),
  });
}
