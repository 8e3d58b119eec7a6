import type { CartLine, DocumentKind } from '@desk/domain';
import { api } from '../../../lib/api-client';
import { useEditorQuery } from '../../../lib/editor-query';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';

/** GET /api/order-parts/{orderId} or /api/quote-parts/{quoteId}: the lines with pricingInfo. */
export function getCart(kind: DocumentKind, docId: number, signal?: AbortSignal): Promise<CartLine[]> {
  return api.get<CartLine[]>(`${KIND_INFO[kind].parts}/${docId}`, signal ? { signal } : {});
}

export const useCart = (kind: DocumentKind, docId: number) =>
  useEditorQuery(documentKeys.cart(kind, docId), (signal) => getCart(kind, docId, signal));
