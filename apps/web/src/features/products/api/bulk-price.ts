import type { BulkPriceFilter, BulkPriceResult } from '@desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './query-keys';

export interface BulkPriceRequest {
  filter: BulkPriceFilter;
  change: { percent: number } | { amountCents: number };
}

/**
 * POST /api/products/bulk-price: the preview (dryRun) or the change itself. The change carries an
 * Idempotency-Key made with its preview, so a second click or a retry raises the prices once.
 */
export function bulkPrice(req: BulkPriceRequest, dryRun: boolean, idempotencyKey?: string) {
  return api.request<BulkPriceResult>(
    'POST',
    '/api/products/bulk-price',
    { filter: req.filter, ...req.change, dryRun },
    idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {},
  );
}

export function useBulkPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ req, key }: { req: BulkPriceRequest; key: string }) => bulkPrice(req, false, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
