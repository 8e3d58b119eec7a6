import type { Customer, Page } from '@desk/domain';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api, listPageParams } from '../../../lib/api-client';

/** GET /api/customers/?page&size&sort&{field}=text: one page of the customer list, filtered and sorted by the server. */
export function listCustomersPage(query: ServerQuery, signal?: AbortSignal): Promise<Page<Customer>> {
  const params = listPageParams(query);
  return api.get<Page<Customer>>(`/api/customers/?${params.toString()}`, { signal });
}
