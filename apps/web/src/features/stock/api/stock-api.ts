/**
 * The stock calls of docs/stock.md ("The API"): the stock list, a product's moves and reorder
 * settings, adjustments, counts and the reorder list. Every stock query key starts with 'stock',
 * so one invalidation (after a write, or a live `stock` event) refreshes the whole page.
 */
import type {
  AdjustmentReason,
  CountApplied,
  CountStart,
  Page,
  ProductStock,
  ReorderRow,
  StockCount,
  StockCountSummary,
  StockMove,
  StockRow,
  VendorOrder,
} from '@desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerQuery } from '../../../components/ui/data-table';
import { api, listPageParams } from '../../../lib/api-client';

export const stockKeys = {
  all: ['stock'] as const,
  /** The paged list; the DataTable appends its state, the page its toggles. */
  lists: () => [...stockKeys.all, 'list'] as const,
  product: (productId: number) => [...stockKeys.all, 'product', productId] as const,
  moves: (productId: number, page: number) => [...stockKeys.all, 'moves', productId, page] as const,
  counts: () => [...stockKeys.all, 'counts'] as const,
  count: (id: number) => [...stockKeys.all, 'count', id] as const,
  reorder: () => [...stockKeys.all, 'reorder'] as const,
};

/** The list's toggles beside its column filters. */
export interface StockToggles {
  /** Available below 0. */
  short: boolean;
  countNeeded: boolean;
}

/** GET /api/stock?page&size&sort&{field}=text&short=1&countNeeded=1. */
export function listStockPage(
  query: ServerQuery,
  toggles: StockToggles,
  signal?: AbortSignal,
): Promise<Page<StockRow>> {
  const params = listPageParams(query);
  if (toggles.short) params.set('short', '1');
  if (toggles.countNeeded) params.set('countNeeded', '1');
  return api.get<Page<StockRow>>(`/api/stock?${params.toString()}`, { signal });
}

/** GET /api/stock/{id}: a part's row (or, for a package, what its parts make). */
export function useProductStock(productId: number) {
  return useQuery({
    queryKey: stockKeys.product(productId),
    queryFn: ({ signal }) => api.get<ProductStock>(`/api/stock/${productId}`, { signal }),
  });
}

export const MOVES_PAGE_SIZE = 10;

/** GET /api/stock/{id}/moves, newest first. */
export function useStockMoves(productId: number, page: number) {
  return useQuery({
    queryKey: stockKeys.moves(productId, page),
    queryFn: ({ signal }) =>
      api.get<Page<StockMove>>(`/api/stock/${productId}/moves?page=${page}&size=${MOVES_PAGE_SIZE}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** After any stock write: the whole page reads again (levels, moves, counts, reorder). */
function useInvalidateStock() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: stockKeys.all });
}

/** PUT /api/stock/{id}/reorder. */
export function useSaveReorderSettings(productId: number) {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (input: { reorderPoint: number; reorderQuantity: number }) =>
      api.put<StockRow>(`/api/stock/${productId}/reorder`, input),
    onSuccess: () => invalidate(),
  });
}

export interface AdjustmentRequest {
  productId: number;
  quantity: number;
  reason: AdjustmentReason;
  note: string | null;
  /** One per attempt: a retry of the same attempt sends the same key (docs/architecture.md section 3). */
  key: string;
}

/** POST /api/stock/adjustments (administrators), with its Idempotency-Key. */
export function useAdjustStock() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: ({ key, ...input }: AdjustmentRequest) =>
      api.post<StockMove>('/api/stock/adjustments', input, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => invalidate(),
  });
}

/** GET /api/stock/counts, newest first. */
export function useStockCounts() {
  return useQuery({
    queryKey: stockKeys.counts(),
    queryFn: ({ signal }) => api.get<StockCountSummary[]>('/api/stock/counts', { signal }),
  });
}

/** GET /api/stock/counts/{id}. */
export function useStockCount(id: number) {
  return useQuery({
    queryKey: stockKeys.count(id),
    queryFn: ({ signal }) => api.get<StockCount>(`/api/stock/counts/${id}`, { signal }),
    // The clerk's typed quantities live in the form; a live event must not pull the sheet from under them.
    refetchOnWindowFocus: false,
  });
}

/** POST /api/stock/counts. */
export function useStartCount() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (input: Partial<CountStart>) => api.post<StockCount>('/api/stock/counts', input),
    onSuccess: () => invalidate(),
  });
}

/** PUT /api/stock/counts/{id}. */
export function useSaveCount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: Array<{ productId: number; counted: number }>) =>
      api.put<StockCount>(`/api/stock/counts/${id}`, { lines }),
    onSuccess: (count) => {
      queryClient.setQueryData(stockKeys.count(id), count);
      void queryClient.invalidateQueries({ queryKey: stockKeys.counts() });
    },
  });
}

/** POST /api/stock/counts/{id}/apply (administrators). */
export function useApplyCount(id: number) {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: () => api.post<CountApplied>(`/api/stock/counts/${id}/apply`),
    onSuccess: () => invalidate(),
  });
}

/** The printable count sheet. */
export const countSheetUrl = (id: number) => `/api/stock/counts/${id}/sheet.pdf`;

/** GET /api/stock/reorder. */
export function useReorderList() {
  return useQuery({
    queryKey: stockKeys.reorder(),
    queryFn: ({ signal }) => api.get<ReorderRow[]>('/api/stock/reorder', { signal }),
  });
}

/** POST /api/stock/reorder: a new vendor order with the chosen lines. */
export function useCreateReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; lines: Array<{ productId: number; quantity: number }> }) =>
      api.post<VendorOrder>('/api/stock/reorder', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stockKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['vendor-orders'] });
    },
  });
}
