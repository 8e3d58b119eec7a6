import type { ServerQuery } from '../components/ui/data-table';

/**
 * A list page's query as the server's paged lists take it: page, size, sort, then each column's
 * filter by its field name (GET /api/customers/?page&size&sort&{field}=text, and the others).
 */
export function listPageParams(query: ServerQuery): URLSearchParams {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.sort) params.set('sort', query.sort);
  for (const [field, text] of Object.entries(query.filters)) params.set(field, text);
  return params;
}
