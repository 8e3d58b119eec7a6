import type { Page, SecurityEvent } from '@desk/domain';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api, listPageParams } from '../../../lib/api-client';

/**
 * GET /api/admin/security-events?page&size&sort&{field}=text (administrators only): one page of
 * the security log, filtered and sorted by the server; newest first unless sorted otherwise.
 */
export function listSecurityEventsPage(query: ServerQuery, signal?: AbortSignal): Promise<Page<SecurityEvent>> {
  const params = listPageParams(query);
  return api.get<Page<SecurityEvent>>(`/api/admin/security-events?${params.toString()}`, { signal });
}
