import type { Product } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Modal, ModalHeading } from './modal';
import { api } from '../../lib/api-client';
import { BusyButton } from './busy-button';
import { ErrorBanner, errorText, InlineOutcome } from './result-banner';
import { SearchableSelect } from './searchable-select';
import './stacked-modal.css';
import { BusyStatus } from './busy-status';
import { isValidQuantity, QUANTITY_HINT } from '@desk/domain';

export type ProductLinkType = 'order' | 'quote' | 'package';

export interface ProductLinkerProps {
  show: boolean;
  /** 'package' lists parts only (no packages) and closes after each link. */
  linkType: ProductLinkType;
  onLink: (product: Product, quantity: number) => Promise<unknown>;
  /**
   * Called after a link, for a caller that reloads its lines itself (for a package, also after a
   * failed one); the others' lists follow their queries.
   */
  onCreated?: () => void;
  onClose: () => void;
  /** Default 'Select Product'. */
  title?: string;
  /** List parts only (no packages); the default for the package linker. */
  partsOnly?: boolean;
  /** How a product reads in the list (default: item number - description), e.g. with its price. */
  optionLabel?: (product: Product) => string;
  /** Said under the list about the product chosen, e.g. its price and how it comes about. */
  describe?: (product: Product) => ReactNode;
}

/** The product list of a linker: all products, or parts only for a package's associated parts. */
export function linkerProductsQueryKey(linkType: ProductLinkType, partsOnly = linkType === 'package') {
  return ['products', 'linker', partsOnly ? 'part' : 'all'] as const;
}

export const productOptionLabel = (p: Product) => `${p.itemNo} - ${p.itemDescription ?? ''}`;

/**
 * The one product-to-order, product-to-quote and product-to-package linker (docs/product.md sections 2
 * and 4 "Linkers"): a searchable product list loaded once on opening, a quantity and Add.
 */
export function ProductLinker({
  show,
  linkType,
  onLink,
  onCreated,
  onClose,
  title = 'Select Product',
  partsOnly = linkType === 'package',
  optionLabel,
  describe,
}: ProductLinkerProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onClose}
      aria-labelledby={titleId}
      centered
      className="stacked-modal"
      backdropClassName="stacked-modal-backdrop"
    >
      <ModalHeading id={titleId}>{title}</ModalHeading>
      {/* Mounted only while open, so each opening loads the list once. */}
      {show && (
        <LinkerBody
          linkType={linkType}
          partsOnly={partsOnly}
          onLink={onLink}
          onCreated={onCreated}
          onClose={onClose}
          optionLabel={optionLabel}
          describe={describe}
        />
      )}
    </Modal>
  );
}

type Outcome = { ok: true; text: string } | { ok: false; error: string } | null;

function LinkerBody({
  linkType,
  partsOnly,
  onLink,
  onCreated,
  onClose,
  optionLabel = productOptionLabel,
  describe,
}: Omit<ProductLinkerProps, 'show' | 'title'> & { partsOnly: boolean }) {
  const id = useId();
  const products = useQuery({
    queryKey: linkerProductsQueryKey(linkType, partsOnly),
    queryFn: ({ signal }) => api.get<Product[]>(partsOnly ? 'products/?kind=part' : 'products/', { signal }),
    // Loaded each time the linker opens (a product may have been added since), not again while
    // it stays open. A list from an earlier opening is shown meanwhile.
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const [product, setProduct] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The Product field takes focus when the linker opens and after each product added.
  const focusProduct = useRef(true);
  useEffect(() => {
    if (busy || !focusProduct.current) return;
    focusProduct.current = false;
    // A frame later: the modal first moves focus to its dialog box.
    const frame = requestAnimationFrame(() => document.getElementById(`${id}-product`)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [busy, id]);

  const quantityNumber = Number(quantity);
  const quantityValid = quantity.trim() !== '' && isValidQuantity(quantityNumber);
  const quantityTouched = quantity.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (product === null || !quantityValid || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await onLink(product, quantityNumber);
      onCreated?.();
      if (linkType === 'package') {
        onClose();
        return;
      }
      setOutcome({ ok: true, text: `Added ${quantityNumber} × ${product.itemNo}` });
      setProduct(null);
      setQuantity('');
      // Ready for the next product: the keyboard goes back to the Product field.
      focusProduct.current = true;
    } catch (error) {
      setOutcome({ ok: false, error: errorText(error) });
      // The package linker reloads its list even when the link failed (docs/product.md section 4).
      if (linkType === 'package') onCreated?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate>
      <Modal.Body>
        {products.isError ? (
          <ErrorBanner title="Products could not be loaded" error={products.error} />
        ) : (
          <div className="mb-3">
            <SearchableSelect<Product>
              inputId={`${id}-product`}
              label="Product"
              options={products.data ?? []}
              value={product}
              onChange={(p) => {
                setProduct(p);
                setOutcome(null);
              }}
              getOptionLabel={optionLabel}
              getOptionValue={(p) => String(p.id)}
              isLoading={products.isPending}
              isDisabled={busy}
              isClearable
              placeholder={products.isPending ? 'Loading...' : 'Search by item number or description'}
            />
            {products.isFetching && <BusyStatus className="mt-1">Loading...</BusyStatus>}
            {describe && (
              <div className="small mt-1" aria-live="polite">
                {product && describe(product)}
              </div>
            )}
          </div>
        )}
        <Form.Group controlId={`${id}-quantity`}>
          <Form.Label>Quantity</Form.Label>
          <Form.Control
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="Enter Quantity"
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setOutcome(null);
            }}
            isInvalid={quantityTouched && !quantityValid}
            disabled={busy}
          />
          <Form.Control.Feedback type="invalid">{QUANTITY_HINT}</Form.Control.Feedback>
        </Form.Group>
        <InlineOutcome
          success={outcome?.ok === true ? outcome.text : null}
          failure={outcome?.ok === false ? { title: 'The product could not be added', error: outcome.error } : null}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <BusyButton type="submit" variant="primary" busy={busy} disabled={busy || product === null || !quantityValid}>
          Add
        </BusyButton>
      </Modal.Footer>
    </Form>
  );
}
