import type { StoredEmailConfig } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { adminKeys, useSettingsQuery } from './query-keys';

export type { StoredEmailConfig };

/** GET /api/grabAutoEmailConfig (administrators only). */
export function getEmailConfig(signal?: AbortSignal): Promise<StoredEmailConfig> {
  return api.get<StoredEmailConfig>('/api/grabAutoEmailConfig', { signal });
}

export const useEmailConfig = () => useSettingsQuery(adminKeys.emailConfig(), getEmailConfig);
