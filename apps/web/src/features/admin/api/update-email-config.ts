import type { EmailConfig } from '@desk/domain';
import { api } from '../../../lib/api-client';
import type { StoredEmailConfig } from './get-email-config';
import { adminKeys, useSaveSettings } from './query-keys';

/**
 * POST /api/updateAutoEmailConfig. `input.version` is the version the form started from; the
 * server answers 409 when someone else saved the settings since. Answers the saved settings.
 */
export function updateEmailConfig(input: EmailConfig): Promise<StoredEmailConfig> {
  return api.post<StoredEmailConfig>('/api/updateAutoEmailConfig', input);
}

export const useUpdateEmailConfig = () => useSaveSettings(adminKeys.emailConfig(), updateEmailConfig);
