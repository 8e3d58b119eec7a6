import type { ProductPrice, ProductPrices } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { formatMoneyCents } from '../../../lib/money';

/** Whose prices: a customer's, an order's or a quote's (its copied multipliers); none, the list price. */
export type PricesFor = { customer: number } | { order: number } | { quote: number } | null;

export interface PricesQuery {
  /** The products to price; undefined, every product (the Add Product list). */
  products?: readonly number[];
  for?: PricesFor;
}

export function pricesUrl(query: PricesQuery): string {
  const params = new URLSearchParams();
  if (query.products !== undefined) params.set('products', [...query.products].sort((a, b) => a - b).join(','));
  if (query.for) for (const [key, id] of Object.entries(query.for)) params.set(key, String(id));
  const text = params.toString();
  return `/api/search/prices${text ? `?${text}` : ''}`;
}

/** GET /api/search/prices: the server's prices (the one pricer); the browser only formats them. */
export function getPrices(query: PricesQuery, signal?: AbortSignal): Promise<ProductPrices> {
  return api.get<ProductPrices>(pricesUrl(query), signal ? { signal } : {});
}

/** Every product query starts with 'products', so a catalogue write refreshes prices too. */
export const pricesQueryKey = (query: PricesQuery) => ['products', 'prices', pricesUrl(query)] as const;

export function usePrices(query: PricesQuery, enabled = true) {
  const none = query.products !== undefined && query.products.length === 0;
  return useQuery({
    queryKey: pricesQueryKey(query),
    queryFn: ({ signal }) => getPrices(query, signal),
    enabled: enabled && !none,
    staleTime: 10_000,
  });
}

/** '$1,111.10'. */
export const priceText = (cents: number) => `$${formatMoneyCents(cents)}`;

/** How the price comes about: 'list 1,234.56 × Sectional 0.9', or 'list 2.10, no category' (× 1). */
export function priceExplanation(price: ProductPrice): string {
  const base = `list ${formatMoneyCents(price.baseCents)}`;
  return price.multiplierCategory
    ? `${base} × ${price.multiplierCategory} ${price.multiplier}`
    : `${base}, no category`;
}
