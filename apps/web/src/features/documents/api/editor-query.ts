import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A read behind the document editor. It is not asked again when the window regains focus: the
 * editor must not swap what the user is working on under their hands.
 */
export function useEditorQuery<T>(
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ queryKey, queryFn: ({ signal }) => read(signal), enabled, refetchOnWindowFocus: false });
}
