import type { DocumentHeader } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentKeys } from './query-keys';

export interface ExportedOrder {
  order: DocumentHeader;
  /** 'Export success'. */
  message: string;
}

/**
 * POST /api/orders/create-from-quote/{quoteId}: a new order with the quote's header, lines,
 * overrides, sub-parts and modifiers; the quote stays. A retry with the same Idempotency-Key
 * answers the first order instead of making a second.
 */
export async function exportQuoteToOrder(quoteId: number, idempotencyKey: string): Promise<ExportedOrder> {
  const { data, message } = await api.request<DocumentHeader>(
    'POST',
    `/api/orders/create-from-quote/${quoteId}`,
    undefined,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
  return { order: data, message };
}

export function useExportQuoteToOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, idempotencyKey }: { quoteId: number; idempotencyKey: string }) =>
      exportQuoteToOrder(quoteId, idempotencyKey),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(documentKeys.detail('order', order.id), order);
      return queryClient.invalidateQueries({ queryKey: documentKeys.lists('order') });
    },
  });
}
