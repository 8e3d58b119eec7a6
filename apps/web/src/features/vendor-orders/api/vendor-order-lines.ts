/**
 * A vendor order's lines and receiving them (docs/stock.md, "The API"): what was ordered of each
 * product, at what unit cost, and what has arrived. Receiving changes stock and may make the
 * vendor order Received, so it refreshes the vendor order (its editor and the lists) too.
 */
import type { Receipt, VendorOrderLine } from '@desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vendorOrderKeys } from './query-keys';

/** GET /api/vendor-orders/{id}/lines. */
export function useVendorOrderLines(vendorOrderId: number) {
  return useQuery({
    queryKey: vendorOrderKeys.lines(vendorOrderId),
    queryFn: ({ signal }) => api.get<VendorOrderLine[]>(`/api/vendor-orders/${vendorOrderId}/lines`, { signal }),
  });
}

function useInvalidateLines(vendorOrderId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.lines(vendorOrderId) });
    // On order and next arrival on the Stock page follow the lines.
    void queryClient.invalidateQueries({ queryKey: ['stock'] });
  };
}

/** POST /api/vendor-orders/{id}/lines; a package is refused (400). */
export function useAddVendorOrderLine(vendorOrderId: number) {
  const invalidate = useInvalidateLines(vendorOrderId);
  return useMutation({
    mutationFn: (input: { productId: number; quantity: number; unitCostCents?: number | null }) =>
      api.post<VendorOrderLine>(`/api/vendor-orders/${vendorOrderId}/lines`, input),
    onSuccess: invalidate,
  });
}

/** PUT /api/vendor-orders/lines/{lineId}; below what was received is refused (409). */
export function useUpdateVendorOrderLine(vendorOrderId: number) {
  const invalidate = useInvalidateLines(vendorOrderId);
  return useMutation({
    mutationFn: ({ lineId, ...input }: { lineId: number; quantity: number; unitCostCents: number | null }) =>
      api.put<VendorOrderLine>(`/api/vendor-orders/lines/${lineId}`, input),
    onSuccess: invalidate,
  });
}

/** DELETE /api/vendor-orders/lines/{lineId}; a line with receipts is refused (409). */
export function useDeleteVendorOrderLine(vendorOrderId: number) {
  const invalidate = useInvalidateLines(vendorOrderId);
  return useMutation({
    mutationFn: (lineId: number) => api.delete<unknown>(`/api/vendor-orders/lines/${lineId}`),
    onSuccess: invalidate,
  });
}

export interface ReceiveRequest {
  lines: Array<{ lineId: number; quantity: number }>;
  note: string | null;
  over: boolean;
  /** One per receive attempt, the same when that attempt is sent again. */
  key: string;
}

/** POST /api/vendor-orders/{id}/receive with its Idempotency-Key. */
export function useReceiveVendorOrder(vendorOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...input }: ReceiveRequest) =>
      api.post<Receipt>(`/api/vendor-orders/${vendorOrderId}/receive`, input, {
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => {
      // The lines, the vendor order's status (Received once every line is in), the lists, stock.
      void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['linked-orders'] });
      void queryClient.invalidateQueries({ queryKey: ['stock'] });
    },
  });
}
