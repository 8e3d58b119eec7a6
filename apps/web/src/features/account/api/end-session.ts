import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

export interface EndSessionInput {
  id: string;
  /** This browser's own session: it is signed out, so there is no list to ask for again. */
  current: boolean;
}

/** DELETE /api/account/sessions/{id}: ends one of the caller's sessions (that browser is signed out). */
export function endSession({ id }: EndSessionInput): Promise<null> {
  return api.delete<null>(`/api/account/sessions/${encodeURIComponent(id)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: (_data, _error, input) =>
      input.current ? undefined : queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
