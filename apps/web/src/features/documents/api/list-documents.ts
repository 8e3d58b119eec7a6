import type { DocumentKind, DocumentListItem, Page } from '@desk/domain';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api, listPageParams } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';

/**
 * One page of a list, filtered and sorted by the server: GET /api/orders/list/{0|1} (open or
 * closed orders) or GET /api/quotes/, with page, size, sort and per-column filters.
 */
export function listDocumentsPage(
  kind: DocumentKind,
  closed: boolean,
  query: ServerQuery,
  signal?: AbortSignal,
): Promise<Page<DocumentListItem>> {
  const params = listPageParams(query);
  const path = kind === 'order' ? `${KIND_INFO.order.base}/list/${closed ? 1 : 0}` : `${KIND_INFO.quote.base}/`;
  return api.get<Page<DocumentListItem>>(`${path}?${params.toString()}`, signal ? { signal } : {});
}
