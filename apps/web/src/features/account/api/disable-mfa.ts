import type { MfaDisableBody } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

export type DisableMfaInput = MfaDisableBody;

/** POST /api/account/mfa/disable {password, code}: turns two-factor sign-in off. */
export function disableMfa(input: DisableMfaInput): Promise<null> {
  return api.post<null>('/api/account/mfa/disable', { password: input.password, code: input.code.trim() });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.mfa() }),
  });
}
