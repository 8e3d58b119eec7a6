import type { StoredEmailConfig } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, settingsFormQuery } from './query-keys';

export type { StoredEmailConfig };

/** GET /api/grabAutoEmailConfig (administrators only). */
export function getEmailConfig(signal?: AbortSignal): Promise<StoredEmailConfig> {
  return api.get<StoredEmailConfig>('/api/grabAutoEmailConfig', { signal });
}

export function useEmailConfig() {
  return useQuery({
    queryKey: adminKeys.emailConfig(),
    queryFn: ({ signal }) => getEmailConfig(signal),
    ...settingsFormQuery,
  });
}
