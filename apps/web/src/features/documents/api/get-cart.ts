import type { CartLine, DocumentKind } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/order-parts/{orderId} or /api/quote-parts/{quoteId}: the lines with pricingInfo. */
export function getCart(kind: DocumentKind, docId: number, signal?: AbortSignal): Promise<CartLine[]> {
  return api.get<CartLine[]>(`${KIND_INFO[kind].parts}/${docId}`, signal ? { signal } : {});
}

export function useCart(kind: DocumentKind, docId: number) {
  return useQuery({
    queryKey: documentKeys.cart(kind, docId),
    queryFn: ({ signal }) => getCart(kind, docId, signal),
    refetchOnWindowFocus: false,
  });
}
