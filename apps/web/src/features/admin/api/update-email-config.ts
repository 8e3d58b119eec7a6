import type { EmailConfig } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StoredEmailConfig } from './get-email-config';
import { adminKeys } from './query-keys';

/**
 * POST /api/updateAutoEmailConfig. `input.version` is the version the form started from; the
 * server answers 409 when someone else saved the settings since. Answers the saved settings.
 */
export function updateEmailConfig(input: EmailConfig): Promise<StoredEmailConfig> {
  return api.post<StoredEmailConfig>('/api/updateAutoEmailConfig', input);
}

export function useUpdateEmailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailConfig,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.emailConfig(), saved);
    },
    onError: (error) => {
      console.warn('Saving the e-mail settings failed', error);
    },
  });
}
