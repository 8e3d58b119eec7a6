import type { Customer, Page } from '@desk/domain';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';

/** GET /api/customers/?page&size&sort&{field}=text: one page of the customer list, filtered and sorted by the server. */
export function listCustomersPage(query: ServerQuery, signal?: AbortSignal): Promise<Page<Customer>> {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.sort) params.set('sort', query.sort);
  for (const [field, text] of Object.entries(query.filters)) params.set(field, text);
  return api.get<Page<Customer>>(`/api/customers/?${params.toString()}`, { signal });
}
