import type { DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** DELETE /api/{orders|quotes}/delete/{id}: the document with its lines, sub-parts, modifiers and links. */
export function deleteDocument(kind: DocumentKind, id: number): Promise<null> {
  return api.delete<null>(`${KIND_INFO[kind].base}/delete/${id}`);
}

export function useDeleteDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDocument(kind, id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: documentKeys.detail(kind, id) });
      queryClient.removeQueries({ queryKey: documentKeys.cart(kind, id) });
      return queryClient.invalidateQueries({ queryKey: documentKeys.lists(kind) });
    },
  });
}
