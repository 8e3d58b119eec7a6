import type { CompanySettings, CompanySettingsUpdate } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicConfigQueryKey } from '../../config/api/get-public-config';
import { adminKeys, useSaveSettings } from './query-keys';

/**
 * PUT /api/settings/company (administrators). `input.version` is the version the form started
 * from; the server answers 409 when someone else saved since. Answers the saved settings.
 */
export function updateCompanySettings(input: CompanySettingsUpdate): Promise<CompanySettings> {
  return api.put<CompanySettings>('/api/settings/company', input);
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  // The top bar shows the company name from /api/config.
  return useSaveSettings(adminKeys.companySettings(), updateCompanySettings, () => {
    void queryClient.invalidateQueries({ queryKey: publicConfigQueryKey });
  });
}
