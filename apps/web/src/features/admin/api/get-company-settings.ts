import type { CompanySettings } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, settingsFormQuery } from './query-keys';

/** GET /api/settings/company: the letterhead, with the version a save must quote back. */
export function getCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return api.get<CompanySettings>('/api/settings/company', { signal });
}

export function useCompanySettings() {
  return useQuery({
    queryKey: adminKeys.companySettings(),
    queryFn: ({ signal }) => getCompanySettings(signal),
    ...settingsFormQuery,
  });
}
