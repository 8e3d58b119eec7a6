import type { CompanySettings } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { adminKeys, useSettingsQuery } from './query-keys';

/** GET /api/settings/company: the letterhead, with the version a save must quote back. */
export function getCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return api.get<CompanySettings>('/api/settings/company', { signal });
}

export const useCompanySettings = () => useSettingsQuery(adminKeys.companySettings(), getCompanySettings);
