import type { AccountSession } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../auth/api/get-session';
import { accountKeys } from './query-keys';

/** GET /api/account/sessions: the caller's open sessions, newest first, this one marked. */
export function listSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return api.get<AccountSession[]>('/api/account/sessions', { signal });
}

export function useAccountSessions() {
  // A screen on its way out after its session ended must not ask again.
  const signedIn = Boolean(useSession().data);
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => listSessions(signal),
    enabled: signedIn,
  });
}
