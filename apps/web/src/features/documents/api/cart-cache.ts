import type { CartLine, DocumentHeader, DocumentKind, DocumentTotals } from '@desk/domain';
import type { QueryClient } from '@tanstack/react-query';
import { documentKeys } from './query-keys';

/** A line mutation's answer: the line as priced now, and the document's new totals. */
export type LineAnswer = CartLine & { totals: DocumentTotals };

const byPosition = (a: CartLine, b: CartLine) => a.position - b.position || a.id - b.id;

/**
 * Puts a line mutation's answer into the cart (replacing the line, or adding it) and the new
 * totals onto the document, so the cart is priced again once without asking the server.
 */
export function applyLineAnswer(queryClient: QueryClient, kind: DocumentKind, docId: number, answer: LineAnswer) {
  const { totals, ...line } = answer;
  queryClient.setQueryData<CartLine[]>(documentKeys.cart(kind, docId), (cart) => {
    if (!cart) return cart;
    const others = cart.filter((l) => l.id !== line.id);
    return [...others, line].sort(byPosition);
  });
  queryClient.setQueryData<DocumentHeader>(documentKeys.detail(kind, docId), (doc) => (doc ? { ...doc, totals } : doc));
}

/** Takes a deleted line out of the cart; the document's stored totals are then out of date. */
export function removeLine(queryClient: QueryClient, kind: DocumentKind, docId: number, lineId: number) {
  queryClient.setQueryData<CartLine[]>(documentKeys.cart(kind, docId), (cart) => cart?.filter((l) => l.id !== lineId));
  queryClient.removeQueries({ queryKey: documentKeys.line(kind, lineId) });
  return queryClient.invalidateQueries({ queryKey: documentKeys.detail(kind, docId), refetchType: 'none' });
}
