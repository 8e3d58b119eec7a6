import type { MfaStatus } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../auth/api/get-session';
import { accountKeys } from './query-keys';

/** GET /api/account/mfa: whether two-factor sign-in is on, since when, and recovery codes left. */
export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return api.get<MfaStatus>('/api/account/mfa', { signal });
}

export function useMfaStatus() {
  // A screen on its way out after its session ended must not ask again.
  const signedIn = Boolean(useSession().data);
  return useQuery({ queryKey: accountKeys.mfa(), queryFn: ({ signal }) => getMfaStatus(signal), enabled: signedIn });
}
