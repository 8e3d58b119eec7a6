import type { DocumentHeader } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { documentKeys } from './query-keys';

export interface ExportedOrder {
  order: DocumentHeader;
  /** 'Export success'. */
  message: string;
}

export interface ExportRequest {
  quoteId: number;
  idempotencyKey: string;
  /** Make another order from a quote that was already exported. */
  again?: boolean;
}

/**
 * POST /api/orders/create-from-quote/{quoteId}: a new order with the quote's header, lines,
 * overrides, sub-parts and modifiers; the quote stays. A retry with the same Idempotency-Key
 * answers the first order instead of making a second. A quote already exported answers 409
 * ("Quote 16 was already exported to order 26.") unless the body is {"again": true}.
 */
export async function exportQuoteToOrder({ quoteId, idempotencyKey, again }: ExportRequest): Promise<ExportedOrder> {
  const { data, message } = await api.request<DocumentHeader>(
    'POST',
    `/api/orders/create-from-quote/${quoteId}`,
    again ? { again: true } : undefined,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return { order: data, message };
}

/** The server's refusal of a second export (409 naming the order), as opposed to other failures. */
export function isAlreadyExported(error: unknown): error is Error {
  return isApiError(error) && error.httpStatus === 409 && /already exported/i.test(error.message);
}

export function useExportQuoteToOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportQuoteToOrder,
    onSuccess: ({ order }, { quoteId }) => {
      queryClient.setQueryData(documentKeys.detail('order', order.id), order);
      // The quote now lists the new order ("Exported to order 26"), in its modal and in the list.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.lists('order') }),
        queryClient.invalidateQueries({ queryKey: documentKeys.detail('quote', quoteId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists('quote') }),
      ]);
    },
  });
}
