import type { FindResult, Product } from '@desk/domain';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { api } from '../../../lib/api-client';
import { LoadErrorBanner } from '../../../components/ui/load-error-banner';
import { Loading } from '../../../components/ui/loading';
import { CloseFooter, Modal, ModalHeading } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/money';
import { priceExplanation, priceText, usePrices, type PricesFor } from '../../find/api/get-prices';
import { useProduct } from '../api/get-product';
import { useAssociatedParts } from '../api/list-associated-parts';
import { usePackageModifiers } from '../api/list-package-modifiers';
import { useSettled } from '../../../lib/use-settled';
import { TableHead, type HeadColumn } from '../../../components/ui/table-head';

export interface ProductCardProps {
  /** The product shown; null: the card is closed. */
  productId: number | null;
  onClose: () => void;
  /** Whose price the card shows (a customer, an order or a quote); none, the list price. */
  pricesFor?: PricesFor;
}

/**
 * A product as staff see it (docs/product.md, "Find anything"): read-only, opened from Find. Its
 * item number, description, type, the price the server priced (the list price, or a customer's)
 * and, for a package, its associated parts and modifiers. The product editor stays an
 * administrator's (Admin > Product Catalog).
 */
export function ProductCard({ productId, onClose, pricesFor = null }: ProductCardProps) {
  const titleId = useId();
  const product = useProduct(productId);
  // A customer chosen in the card prices the product for them.
  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(null);
  const priced: PricesFor = customer ? { customer: customer.id } : pricesFor;
  const title = product.data ? `Product ${product.data.itemNo}` : 'Product';
  return (
    <Modal show={productId !== null} onHide={onClose} size="lg" aria-labelledby={titleId} className="product-card">
      <ModalHeading id={titleId}>{title}</ModalHeading>
      <Modal.Body>
        {product.isPending ? (
          <Loading />
        ) : product.isError ? (
          <LoadErrorBanner
            title="The product could not be loaded"
            error={product.error}
            onRetry={() => void product.refetch()}
          />
        ) : (
          <>
            <ProductFacts product={product.data} pricesFor={priced} />
            <CustomerPicker chosen={customer} onChoose={setCustomer} />
          </>
        )}
      </Modal.Body>
      <CloseFooter onClose={onClose} />
    </Modal>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 col-lg-3 fw-normal text-body-secondary">{term}</dt>
      <dd className="col-sm-8 col-lg-9">{children}</dd>
    </>
  );
}

function ProductFacts({ product, pricesFor }: { product: Product; pricesFor: PricesFor }) {
  // The list price is the product's own; a customer's is the server's (the one pricer).
  const prices = usePrices({ products: [product.id], for: pricesFor }, pricesFor !== null);
  const price = prices.data?.items.find((i) => i.productId === product.id);
  const whose = prices.data?.customer?.name;
  return (
    <>
      <dl className="row mb-3">
        <Fact term="Item No">
          <span className="fw-semibold">{product.itemNo}</span>
          {product.isPackage && (
            <Badge bg="primary-subtle" text="primary-emphasis" className="ms-2 border border-primary-subtle">
              Package
            </Badge>
          )}
        </Fact>
        <Fact term="Description">{product.itemDescription || <span className="text-body-secondary">None</span>}</Fact>
        <Fact term="Product type">
          {product.productType?.type ?? <span className="text-body-secondary">None</span>}
        </Fact>
        <Fact term="Multiplier category">
          {product.multiplierCategory ?? <span className="text-body-secondary">None (multiplies by 1)</span>}
        </Fact>
        <Fact term="List price">${formatMoney(product.wholesalePrice)}</Fact>
        {whose && (
          <Fact term={`Price for ${whose}`}>
            {prices.isError ? (
              <span className="text-danger">The price could not be loaded.</span>
            ) : price ? (
              <>
                <span className="fw-semibold">{priceText(price.priceCents)}</span>{' '}
                <span className="small text-body-secondary">({priceExplanation(price)})</span>
              </>
            ) : (
              <span className="text-body-secondary">Loading...</span>
            )}
          </Fact>
        )}
        {product.modifierCostIncrease !== 0 && (
          <Fact term="Modifier cost increase">
            ${formatMoney(product.modifierCostIncrease)}{' '}
            <span className="small text-body-secondary">(added to a package line when applied as a modifier)</span>
          </Fact>
        )}
        {product.windowDescription && <Fact term="Windows">{product.windowDescription}</Fact>}
        {product.insertDescription && <Fact term="Inserts">{product.insertDescription}</Fact>}
      </dl>
      {!product.isPackage && (
        <p className="small text-body-secondary mb-0">
          A part: a line of it alone counts toward the total when it is priced (a price override, or the company's
          &quot;Price loose parts&quot; setting).
        </p>
      )}
      {product.isPackage && <PackageContents packageId={product.id} />}
    </>
  );
}

/** 'Price for a customer': a name or number finds customers (Find's search); one chosen prices the card. */
function CustomerPicker({
  chosen,
  onChoose,
}: {
  chosen: { id: number; name: string } | null;
  onChoose: (customer: { id: number; name: string } | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useSettled(text.trim(), 200);
  const found = useQuery({
    queryKey: ['find', 'customers', q],
    queryFn: ({ signal }) => api.get<FindResult>(`/api/search?q=${encodeURIComponent(q)}&limit=5`, { signal }),
    enabled: q.length > 0 && chosen === null,
    staleTime: 10_000,
  });
  const customers = q.length > 0 ? (found.data?.customers ?? []) : [];
  if (chosen) {
    return (
      <p className="mt-3 mb-0 small">
        Priced for {chosen.name}.{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => onChoose(null)}>
          Show the list price only
        </Button>
      </p>
    );
  }
  return (
    <Form.Group controlId={`${id}-customer`} className="mt-3">
      <Form.Label className="small mb-1">Price for a customer</Form.Label>
      <Form.Control
        type="search"
        size="sm"
        placeholder="Customer name or number"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-customers`}
      />
      <div id={`${id}-customers`} className="mt-1 d-flex flex-wrap gap-1" aria-live="polite">
        {found.isError && <span className="small text-danger">The search failed. Type again.</span>}
        {q.length > 0 && found.data && customers.length === 0 && (
          <span className="small text-body-secondary">No customer matches &quot;{q}&quot;.</span>
        )}
        {customers.map((c) => (
          <Button key={c.id} size="sm" variant="outline-primary" onClick={() => onChoose({ id: c.id, name: c.title })}>
            {c.title}
          </Button>
        ))}
      </div>
    </Form.Group>
  );
}

function PackageContents({ packageId }: { packageId: number }) {
  const parts = useAssociatedParts(packageId);
  const modifiers = usePackageModifiers(packageId);
  return (
    <>
      <h3 className="fs-6 mt-2">Associated parts</h3>
      <PackageTable
        query={parts}
        what="parts"
        label="Associated parts"
        columns={['Item No', 'Description', { label: 'Per door', className: 'text-end' }]}
        row={(p) => (
          <>
            <td>{p.child_itemNo}</td>
            <td>{p.child_itemDescription}</td>
            <td className="text-end">{p.quantity}</td>
          </>
        )}
        className="mb-3"
        noneClassName="small text-body-secondary"
      />
      <h3 className="fs-6">Modifiers</h3>
      <PackageTable
        query={modifiers}
        what="modifiers"
        label="Modifiers"
        columns={['Category', 'Name', 'Adds', { label: 'Cost increase each', className: 'text-end' }]}
        row={(m) => (
          <>
            <td>{m.category}</td>
            <td>{m.name ?? m.notes ?? ''}</td>
            <td>{m.product ? `${m.quantity} × ${m.product.itemNo}` : ''}</td>
            <td className="text-end">
              {m.product && m.product.modifierCostIncrease !== 0
                ? `$${formatMoney(m.product.modifierCostIncrease)}`
                : ''}
            </td>
          </>
        )}
        className="mb-0"
        noneClassName="small text-body-secondary mb-0"
      />
    </>
  );
}

/** One list of a package's contents: loading, its load error, "None." or a table of a row each. */
function PackageTable<T extends { id: number }>({
  query,
  what,
  label,
  columns,
  row,
  className,
  noneClassName,
}: {
  query: UseQueryResult<T[]>;
  /** What the list holds, for the load error ("The parts could not be loaded"). */
  what: string;
  /** The table's accessible name. */
  label: string;
  columns: HeadColumn[];
  /** The cells of an item's row. */
  row: (item: T) => ReactNode;
  className: string;
  noneClassName: string;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <LoadErrorBanner
        title={`The ${what} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <p className={noneClassName}>None.</p>;
  return (
    <Table size="sm" striped className={className} aria-label={label}>
      <TableHead columns={columns} />
      <tbody>
        {query.data.map((item) => (
          <tr key={item.id}>{row(item)}</tr>
        ))}
      </tbody>
    </Table>
  );
}
