import type { DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { applyLineAnswer, type LineAnswer } from './cart-cache';
import { refreshAvailability } from './get-availability';

/** PUT /api/{order|quote}-parts/update/{lineId} {quantity}. */
export function updateLineQuantity(kind: DocumentKind, lineId: number, quantity: number) {
  return api.put<LineAnswer>(`${KIND_INFO[kind].parts}/update/${lineId}`, { quantity });
}

export function useUpdateLineQuantity(kind: DocumentKind, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, quantity }: { lineId: number; quantity: number }) =>
      updateLineQuantity(kind, lineId, quantity),
    onSuccess: (answer) => {
      applyLineAnswer(queryClient, kind, docId, answer);
      refreshAvailability(queryClient, kind, docId);
    },
  });
}
