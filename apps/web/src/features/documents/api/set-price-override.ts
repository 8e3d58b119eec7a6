import type { DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { applyLineAnswer, type LineAnswer } from './cart-cache';

/** PUT /api/{order|quote}-parts/update/{lineId}/price-override {priceOverride}; null clears it. */
export function setPriceOverride(kind: DocumentKind, lineId: number, priceOverride: number | null) {
  return api.put<LineAnswer>(`${KIND_INFO[kind].parts}/update/${lineId}/price-override`, { priceOverride });
}

export function useSetPriceOverride(kind: DocumentKind, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, priceOverride }: { lineId: number; priceOverride: number | null }) =>
      setPriceOverride(kind, lineId, priceOverride),
    onSuccess: (answer) => applyLineAnswer(queryClient, kind, docId, answer),
  });
}
