import type { DocumentHeader, DocumentKind, DocumentListItem } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/**
 * POST /api/{orders|quotes}/duplicate/{id} with the edited document: a deep copy (lines,
 * overrides, sub-parts, applied modifiers) named by its jobName. Answers 201 with the copy.
 */
export function duplicateDocument(
  kind: DocumentKind,
  source: DocumentListItem,
  jobName: string,
): Promise<DocumentHeader> {
  return api.post<DocumentHeader>(`${KIND_INFO[kind].base}/duplicate/${source.id}`, { ...source, jobName });
}

export function useDuplicateDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, jobName }: { source: DocumentListItem; jobName: string }) =>
      duplicateDocument(kind, source, jobName),
    onSuccess: (copy) => {
      queryClient.setQueryData(documentKeys.detail(kind, copy.id), copy);
      return queryClient.invalidateQueries({ queryKey: documentKeys.lists(kind) });
    },
  });
}
