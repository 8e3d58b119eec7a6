import type { DocumentHeader, DocumentKind } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/orders/{id} or /api/quotes/{id}: the header with its totals. */
export function getDocument(kind: DocumentKind, id: number, signal?: AbortSignal): Promise<DocumentHeader> {
  return api.get<DocumentHeader>(`${KIND_INFO[kind].base}/${id}`, signal ? { signal } : {});
}

/** One document for the editor; idle while `id` is null (create mode). */
export function useDocument(kind: DocumentKind, id: number | null) {
  return useQuery({
    queryKey: documentKeys.detail(kind, id ?? 0),
    queryFn: ({ signal }) => getDocument(kind, id!, signal),
    enabled: id !== null,
    // The editor must not swap the form under the user's hands when the window regains focus.
    refetchOnWindowFocus: false,
  });
}
