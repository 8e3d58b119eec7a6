import type { DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { removeLine, type DeletedLineAnswer } from './cart-cache';
import { refreshAvailability } from './get-availability';

/**
 * DELETE /api/{order|quote}-parts/delete/{lineId}: the line with its sub-parts and modifiers;
 * answers the document's totals without it.
 */
export function deleteCartLine(kind: DocumentKind, lineId: number): Promise<DeletedLineAnswer> {
  return api.delete<DeletedLineAnswer>(`${KIND_INFO[kind].parts}/delete/${lineId}`);
}

export function useDeleteCartLine(kind: DocumentKind, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number) => deleteCartLine(kind, lineId),
    onSuccess: (answer) => {
      removeLine(queryClient, kind, docId, answer);
      refreshAvailability(queryClient, kind, docId);
    },
  });
}
