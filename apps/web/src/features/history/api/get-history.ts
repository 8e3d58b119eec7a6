import type { HistoryItem, HistorySubject, Page } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PLURAL: Record<HistorySubject, string> = {
  order: 'orders',
  quote: 'quotes',
  customer: 'customers',
  product: 'products',
  'vendor-order': 'vendor-orders',
};

/** The query key of a subject's history; under the subject's plural, so its invalidations reach it. */
export const historyKey = (subject: HistorySubject, id: number, page: number) =>
  [PLURAL[subject], 'history', id, page] as const;

/** GET /api/{plural}/{id}/history: newest first. */
export function getHistory(subject: HistorySubject, id: number, page: number, signal?: AbortSignal) {
  return api.get<Page<HistoryItem>>(`/api/${PLURAL[subject]}/${id}/history?page=${page}&size=20`, {
    ...(signal ? { signal } : {}),
  });
}

/** Asked for only while shown (`enabled`), and again each time it is shown. */
export const useHistory = (subject: HistorySubject, id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: historyKey(subject, id, page),
    queryFn: ({ signal }) => getHistory(subject, id, page, signal),
    enabled,
    refetchOnMount: 'always',
  });
