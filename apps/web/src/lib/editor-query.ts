import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A read behind an editor (a document, a customer, a vendor order). It is not asked again when
 * the window regains focus: the editor must not swap what the user is working on under their
 * hands.
 */
export function useEditorQuery<T>(
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ queryKey, queryFn: ({ signal }) => read(signal), enabled, refetchOnWindowFocus: false });
}

/** One stored record for its editor; idle while `id` is null (create mode). */
export function useRecordQuery<T>(
  detailKey: (id: number) => QueryKey,
  read: (id: number, signal: AbortSignal) => Promise<T>,
  id: number | null,
) {
  return useEditorQuery(detailKey(id ?? 0), (signal) => read(id!, signal), { enabled: id !== null });
}
