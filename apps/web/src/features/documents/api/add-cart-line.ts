import type { DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { applyLineAnswer, type LineAnswer } from './cart-cache';
import { refreshAvailability } from './get-availability';

/** POST /api/{order|quote}-parts/create/{docId} {product, quantity}: a package brings its parts. */
export function addCartLine(kind: DocumentKind, docId: number, productId: number, quantity: number) {
  return api.post<LineAnswer>(`${KIND_INFO[kind].parts}/create/${docId}`, { product: { id: productId }, quantity });
}

export function useAddCartLine(kind: DocumentKind, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: number; quantity: number }) =>
      addCartLine(kind, docId, productId, quantity),
    onSuccess: (answer) => {
      applyLineAnswer(queryClient, kind, docId, answer);
      refreshAvailability(queryClient, kind, docId);
    },
  });
}
