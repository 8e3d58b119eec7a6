import type { FindGroup, FindHit, FindResult } from '@desk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { useNavigate } from '../../lib/navigation';
import { api } from '../../lib/api-client';
import { hasAdminRole, useUserRoles } from '../auth/api/get-user-roles';
import { priceText, usePrices } from './api/get-prices';
import './find.css';
import { useSettled } from '../../lib/use-settled';

/** The groups in the order the dialog shows them (the API's FIND_GROUPS; a type import keeps zod out). */
const FIND_GROUPS: readonly FindGroup[] = ['customers', 'orders', 'quotes', 'products', 'vendorOrders'];

const GROUP_NAMES: Record<FindGroup, string> = {
  customers: 'Customers',
  orders: 'Orders',
  quotes: 'Quotes',
  products: 'Products',
  vendorOrders: 'Vendor orders',
};

/**
 * Where a record opens: its list, with `open` asking the list to open its editor. A product opens
 * in the product editor for an administrator; for staff (null here) in its read-only card.
 */
function hrefOf(group: FindGroup, id: number, isAdmin: boolean): string | null {
  switch (group) {
    case 'customers':
      return `/sales?tab=customers&open=${id}`;
    case 'orders':
      return `/sales?tab=orders&open=${id}`;
    case 'quotes':
      return `/sales?tab=quotes&open=${id}`;
    case 'vendorOrders':
      return `/sales?tab=vendor-orders&open=${id}`;
    case 'products':
      // The product editor is an administrator's; staff open the product's card (onOpenProduct).
      return isAdmin ? `/admin?tab=products&open=${id}` : null;
  }
}

interface Option {
  group: FindGroup;
  hit: FindHit;
  href: string | null;
}

/**
 * Find anything (docs/architecture.md section 13): one box searches customers, orders, quotes,
 * products and vendor orders as the user types; the arrow keys move through the results (a
 * combobox with its listbox, so a screen reader follows), Enter or a click opens the record in
 * its modal on its list, Escape closes.
 */
export function FindDialog({
  onClose,
  onOpenProduct,
}: {
  onClose: () => void;
  /** Opens a product's read-only card (staff: the editor is an administrator's). */
  onOpenProduct: (productId: number) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const isAdmin = hasAdminRole(useUserRoles().data);
  const [text, setText] = useState('');
  const q = useSettled(text.trim(), 150);
  const search = useQuery({
    queryKey: ['find', q],
    queryFn: ({ signal }) => api.get<FindResult>(`/api/search?q=${encodeURIComponent(q)}&limit=5`, { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const data = q.length > 0 ? search.data : undefined;
  const options: Option[] = data
    ? FIND_GROUPS.flatMap((group) => data[group].map((hit) => ({ group, hit, href: hrefOf(group, hit.id, isAdmin) })))
    : [];
  // The products' list prices, priced by the server.
  const productIds = data?.products.map((p) => p.id) ?? [];
  const prices = usePrices({ products: productIds }, productIds.length > 0);
  const priceOf = (productId: number) => prices.data?.items.find((p) => p.productId === productId);
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${id}-option-${i}`;

  const openOption = (o: Option | undefined) => {
    if (!o) return;
    onClose();
    if (o.href) void navigate(o.href);
    else if (o.group === 'products') onOpenProduct(o.hit.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      openOption(options[current]);
    }
  };

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id is stable
  }, [current, data]);

  const status =
    q.length === 0
      ? 'Type a name, number, job name, PO number, phone, e-mail or item number.'
      : !data
        ? 'Searching...'
        : options.length === 0
          ? `Nothing matches "${q}".`
          : `${options.length} ${options.length === 1 ? 'match' : 'matches'}. Up and down arrows to choose, Enter to open.`;

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby={`${id}-title`} className="find-dialog">
      <ModalHeading id={`${id}-title`}>Find</ModalHeading>
      <Modal.Body>
        <div className="position-relative">
          <Form.Control
            type="search"
            autoFocus
            placeholder="Customer, order #, job, PO, phone, item number..."
            aria-label="Find"
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
            aria-describedby={`${id}-status`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {search.isFetching && (
            <Spinner animation="border" size="sm" className="find-spinner text-secondary" aria-hidden="true" />
          )}
        </div>
        <p id={`${id}-status`} className="small text-body-secondary my-2" role="status">
          {search.isError ? 'The search failed. Check the connection and type again.' : status}
        </p>
        <div id={`${id}-results`} role="listbox" aria-label="Results" className="find-results">
          {data &&
            FIND_GROUPS.filter((g) => data[g].length > 0).map((group) => (
              <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
                <div id={`${id}-${group}`} role="presentation" className="find-group small fw-semibold text-uppercase">
                  {GROUP_NAMES[group]}
                </div>
                {options.map((option, i) => {
                  if (option.group !== group) return null;
                  const hit = option.hit;
                  const price = group === 'products' ? priceOf(hit.id) : undefined;
                  return (
                    <div
                      key={hit.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === current}
                      className={`find-option${i === current ? ' is-active' : ''}`}
                      onMouseMove={() => setActive(i)}
                      onClick={() => openOption(option)}
                    >
                      <div className="d-flex gap-2 align-items-baseline">
                        <div className="fw-medium text-truncate">{hit.title}</div>
                        {price && (
                          <div className="ms-auto small text-nowrap find-price">List {priceText(price.priceCents)}</div>
                        )}
                      </div>
                      {hit.subtitle && <div className="small text-body-secondary text-truncate">{hit.subtitle}</div>}
                    </div>
                  );
                })}
              </div>
            ))}
        </div>
      </Modal.Body>
    </Modal>
  );
}
