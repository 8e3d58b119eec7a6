import type { MfaEnabled } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/**
 * POST /api/account/mfa/enable {code}: turns two-factor sign-in on; answers the ten recovery
 * codes, shown this once. The server ends the user's other sessions.
 */
export function enableMfa(code: string): Promise<MfaEnabled> {
  return api.post<MfaEnabled>('/api/account/mfa/enable', { code: code.trim() });
}

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
