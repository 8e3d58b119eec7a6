import { lazy, Suspense, useEffect, useState } from 'react';
import { FIND_EVENT, findAsked } from './find-launcher';

// Its own chunk, fetched when the dialog is first opened; the product card when first opened.
const FindDialog = lazy(() => import('./find-dialog').then((m) => ({ default: m.FindDialog })));
const ProductCard = lazy(() => import('../products/components/product-card').then((m) => ({ default: m.ProductCard })));

/**
 * Opens the Find dialog when the top bar's launcher asks (every signed-in page has one), and the
 * read-only card of a product staff open from it.
 */
export function FindHost() {
  const [open, setOpen] = useState(false);
  const [productId, setProductId] = useState<number | null>(null);
  useEffect(() => {
    const show = () => {
      findAsked.pending = false;
      setOpen(true);
    };
    if (findAsked.pending) show();
    window.addEventListener(FIND_EVENT, show);
    return () => window.removeEventListener(FIND_EVENT, show);
  }, []);
  if (!open && productId === null) return null;
  return (
    <Suspense fallback={null}>
      {open && <FindDialog onClose={() => setOpen(false)} onOpenProduct={setProductId} />}
      {productId !== null && <ProductCard productId={productId} onClose={() => setProductId(null)} />}
    </Suspense>
  );
}
