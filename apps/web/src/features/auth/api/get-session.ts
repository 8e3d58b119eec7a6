import type { SessionInfo, SessionStatus } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { forgetSignedInHint } from '../redirect-target';

export const sessionQueryKey = ['session'] as const;

/**
 * The signed-in user, or null when there is no session. Asks the probe that answers 200 either
 * way: a 401 here would show as a console error on every visit to the login page.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionInfo | null> {
  try {
    const status = await api.get<SessionStatus>('/api/session/status', signal ? { signal } : {});
    if (status.signedIn) return { username: status.username, roles: status.roles };
    forgetSignedInHint();
    return null;
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) {
      forgetSignedInHint();
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });
}
