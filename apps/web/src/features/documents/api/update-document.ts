import type { DocumentHeader, DocumentKind } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { KIND_INFO } from '../kinds';
import { documentKeys } from './query-keys';
import { refreshAvailability } from './get-availability';

const MULTIPLIER_COPIES = [
  'openerMultiplierCopy',
  'residentialMultiplierCopy',
  'sectionalMultiplierCopy',
  'commercialMultiplierCopy',
] as const;

/** The document as GET returned it, with the user's edits, plus the save flags. */
export type UpdateDocumentInput = DocumentHeader & {
  refreshMultiplier: boolean;
  /** Quotes: a status chosen by hand (Draft, Sent or Declined). */
  quoteStatus?: 'Draft' | 'Sent' | 'Declined';
};

/**
 * PUT /api/{orders|quotes}/update/{id}. `version` is the one the user started from: the server
 * answers 409 when someone else saved the document since.
 */
export function updateDocument(kind: DocumentKind, input: UpdateDocumentInput): Promise<DocumentHeader> {
  return api.put<DocumentHeader>(`${KIND_INFO[kind].base}/update/${input.id}`, input);
}

export function useUpdateDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDocumentInput) => updateDocument(kind, input),
    onSuccess: (document) => {
      const key = documentKeys.detail(kind, document.id);
      const before = queryClient.getQueryData<DocumentHeader>(key);
      queryClient.setQueryData(key, document);
      const refreshes = [queryClient.invalidateQueries({ queryKey: documentKeys.lists(kind) })];
      // A new status opens or closes the order's needs (docs/stock.md).
      refreshAvailability(queryClient, kind, document.id);
      // Refreshed multipliers (or those of a new customer) change the line prices.
      if (!before || MULTIPLIER_COPIES.some((field) => before[field] !== document[field])) {
        refreshes.push(queryClient.invalidateQueries({ queryKey: documentKeys.cart(kind, document.id) }));
      }
      return Promise.all(refreshes);
    },
  });
}
