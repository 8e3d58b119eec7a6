import type { Availability, DocumentKind } from '@desk/domain';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveEvents } from '../../../lib/live-events';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/**
 * GET /api/orders/{id}/availability or /api/quotes/{id}/availability (docs/stock.md): one line per
 * product the document needs, with what the shelf covers of it, oldest order first. A quote is
 * answered as if placed now.
 */
export function getAvailability(kind: DocumentKind, docId: number, signal?: AbortSignal): Promise<Availability> {
  return api.get<Availability>(`${KIND_INFO[kind].base}/${docId}/availability`, signal ? { signal } : {});
}

/**
 * Asks the shelf again after a change to a cart (a line, a quantity, a sub-part, a modifier).
 * Without `docId`, every document of the kind (a sub-part knows its line, not its document). Not
 * awaited: the change is done when the server answers it; the badges follow. A request still
 * running is cancelled (its answer may be stale) and asked again.
 */
export function refreshAvailability(queryClient: QueryClient, kind: DocumentKind, docId?: number) {
  const queryKey = documentKeys.availability(kind, docId);
  // Cancelled first: an invalidation alone joins a first request still running, whose answer
  // may predate the change.
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

/**
 * A document's availability, asked once `enabled` (the cart asks after it has shown, so the
 * badges fill in without holding it up). With `live`, asked again when the live events say this
 * document changed, the stock of one of its products moved, or events were missed.
 */
export function useAvailability(
  kind: DocumentKind,
  docId: number,
  { enabled = true, live = false }: { enabled?: boolean; live?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: documentKeys.availability(kind, docId),
    queryFn: ({ signal }) => getAvailability(kind, docId, signal),
    enabled,
    refetchOnWindowFocus: false,
  });
  const lines = query.data?.lines;
  useLiveEvents(
    {
      document: (e) => {
        if (e.kind === kind && e.id === docId) refreshAvailability(queryClient, kind, docId);
      },
      stock: (e) => {
        const ids = Array.isArray(e.productIds) ? e.productIds : null;
        // An event that names no products may concern any of them.
        if (!lines || !ids || lines.some((l) => ids.includes(l.productId)))
          refreshAvailability(queryClient, kind, docId);
      },
      // Events were missed while the stream was away: any of them may have moved this shelf.
      reset: () => refreshAvailability(queryClient, kind, docId),
    },
    enabled && live,
  );
  return query;
}
