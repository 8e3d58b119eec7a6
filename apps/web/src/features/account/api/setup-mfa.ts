import type { MfaSetup } from '@desk/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/account/mfa/setup: a new key, pending until a code from it is confirmed. Each call
 * replaces the pending key, so only the latest QR code shown works.
 */
export function setupMfa(): Promise<MfaSetup> {
  return api.post<MfaSetup>('/api/account/mfa/setup');
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa });
}
