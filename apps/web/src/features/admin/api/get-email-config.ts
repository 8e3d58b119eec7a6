import type { EmailConfig } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The e-mail settings as stored: the server always sends the version a save must quote back. */
export type StoredEmailConfig = Required<EmailConfig>;

/** GET /api/grabAutoEmailConfig (administrators only). */
export function getEmailConfig(signal?: AbortSignal): Promise<StoredEmailConfig> {
  return api.get<StoredEmailConfig>('/api/grabAutoEmailConfig', { signal });
}

export function useEmailConfig() {
  return useQuery({
    queryKey: adminKeys.emailConfig(),
    queryFn: ({ signal }) => getEmailConfig(signal),
    // A refetch with a newer version restarts the form; never do that under the user's hands.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
