import type { CartLine, DeletedLineAnswer, DocumentHeader, DocumentKind, LineAnswer, PricedTotals } from '@desk/domain';
import type { QueryClient } from '@tanstack/react-query';
import { documentKeys } from './query-keys';

/** A line mutation's answer (the line as priced now, with the new totals) and a delete's (its id, with them). */
export type { DeletedLineAnswer, LineAnswer };

const byPosition = (a: CartLine, b: CartLine) => a.position - b.position || a.id - b.id;

/** Puts the server's new totals onto the cached document, where the Pricing block reads them. */
function applyTotals(
  queryClient: QueryClient,
  kind: DocumentKind,
  docId: number,
  { totals, totalsCents }: PricedTotals,
) {
  queryClient.setQueryData<DocumentHeader>(documentKeys.detail(kind, docId), (doc) =>
    doc ? { ...doc, totals, totalsCents } : doc,
  );
}

/**
 * Puts a line mutation's answer into the cart (replacing the line, or adding it) and the new
 * totals onto the document: the cart shows the server's prices without asking again.
 */
export function applyLineAnswer(queryClient: QueryClient, kind: DocumentKind, docId: number, answer: LineAnswer) {
  const { totals, totalsCents, ...line } = answer;
  queryClient.setQueryData<CartLine[]>(documentKeys.cart(kind, docId), (cart) => {
    if (!cart) return cart;
    const others = cart.filter((l) => l.id !== line.id);
    return [...others, line].sort(byPosition);
  });
  applyTotals(queryClient, kind, docId, { totals, totalsCents });
}

/** Takes a deleted line out of the cart and puts the totals the delete answered onto the document. */
export function removeLine(queryClient: QueryClient, kind: DocumentKind, docId: number, answer: DeletedLineAnswer) {
  queryClient.setQueryData<CartLine[]>(documentKeys.cart(kind, docId), (cart) =>
    cart?.filter((l) => l.id !== answer.id),
  );
  queryClient.removeQueries({ queryKey: documentKeys.line(kind, answer.id) });
  applyTotals(queryClient, kind, docId, answer);
}
