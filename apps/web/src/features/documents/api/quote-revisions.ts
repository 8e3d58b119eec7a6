import type { DocumentHeader, QuoteRevision } from '@desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentKeys } from './query-keys';

/** GET /api/quotes/{id}/revisions: every revision of the quote's number, first to latest. */
export const useQuoteRevisions = (quoteId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...documentKeys.all('quote'), 'revisions', quoteId],
    queryFn: ({ signal }) => api.get<QuoteRevision[]>(`/api/quotes/${quoteId}/revisions`, { signal }),
    enabled,
    refetchOnMount: 'always',
  });

/**
 * POST /api/quotes/{id}/revise: the next revision (a Draft copy), which becomes the latest; the
 * earlier ones become read-only. Every view of quotes is refreshed (the list shows the latest).
 */
export function useReviseQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (quoteId: number) => {
      const { data, message } = await api.request<DocumentHeader>('POST', `/api/quotes/${quoteId}/revise`);
      return { quote: data, message };
    },
    onSuccess: ({ quote }) => {
      queryClient.setQueryData(documentKeys.detail('quote', quote.id), quote);
      void queryClient.invalidateQueries({ queryKey: documentKeys.all('quote') });
    },
  });
}
