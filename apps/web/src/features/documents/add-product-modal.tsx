import type { DocumentKind, Product } from '@desk/domain';
import { useMemo } from 'react';
import { ProductLinker, productOptionLabel } from '../../components/ui/product-linker';
import { priceExplanation, priceText, usePrices } from '../find/api/get-prices';

export interface AddProductModalProps {
  show: boolean;
  kind: DocumentKind;
  docId: number;
  onLink: (product: Product, quantity: number) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The cart's Add Product (docs/product.md section 2): the product linker with each product's price
 * for this document's customer, as the server priced it with the document's multipliers (GET
 * /api/search/prices?order=|quote=): a package's unit price, a part's wholesale x its multiplier.
 */
export function AddProductModal({ show, kind, docId, onLink, onClose }: AddProductModalProps) {
  const prices = usePrices({ for: kind === 'order' ? { order: docId } : { quote: docId } }, show);
  const byId = useMemo(() => new Map((prices.data?.items ?? []).map((p) => [p.productId, p])), [prices.data]);
  const whose = prices.data?.customer?.name;
  return (
    <ProductLinker
      show={show}
      linkType={kind}
      title="Add Product"
      onLink={onLink}
      onClose={onClose}
      optionLabel={(p) => {
        const price = byId.get(p.id);
        return price ? `${productOptionLabel(p)} · ${priceText(price.priceCents)}` : productOptionLabel(p);
      }}
      describe={(p) => {
        const price = byId.get(p.id);
        if (prices.isError) return <span className="text-danger">The prices could not be loaded.</span>;
        if (!price || !whose) return <span className="text-body-secondary">Pricing...</span>;
        return (
          <>
            Price for {whose}: <span className="fw-semibold">{priceText(price.priceCents)}</span> each{' '}
            <span className="text-body-secondary">({priceExplanation(price)})</span>
          </>
        );
      }}
    />
  );
}
