import type { SessionInfo } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null when there is no session (the server answers 401). */
export async function getSession(signal?: AbortSignal): Promise<SessionInfo | null> {
  try {
    return await api.get<SessionInfo>('/api/session', signal ? { signal } : {});
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) return null;
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
