import type { CartLine, LinePriceCents } from '@desk/domain';
import { useState, type KeyboardEvent } from 'react';
import { Badge, OverlayTrigger, Popover } from 'react-bootstrap';
import { formatMoneyCents } from '../../lib/money';

/**
 * Why a plain part (not a package) counts what it does: the document's "Price loose parts", as it
 * captured the company setting when it was created (docs/decisions/028).
 */
export function loosePartNote(price: Pick<LinePriceCents, 'loosePart'>): string {
  return price.loosePart
    ? 'A loose part: unit price × quantity (Price loose parts is on for this document)'
    : 'Not a package, and Price loose parts was off when this document was created: counts 0 unless a price override is set';
}

export interface PriceBreakdownProps {
  line: CartLine;
}

/**
 * The '?' badge of a cart line and its popover: how the line's price comes about, every figure as
 * the server priced it (docs/architecture.md section 1), so every number in the cart can be explained.
 */
export function PriceBreakdown({ line }: PriceBreakdownProps) {
  const [show, setShow] = useState(false);
  const price = line.price;
  const popoverId = `price-breakdown-${line.id}`;
  const row = (term: string, value: string, note?: string) => (
    <tr>
      <th scope="row" className="fw-normal text-secondary pe-3 py-1 text-nowrap align-top">
        {term}
      </th>
      <td className="text-end text-nowrap py-1">
        {value}
        {note && (
          <div className="text-secondary small text-wrap ms-auto" style={{ maxWidth: '13rem' }}>
            {note}
          </div>
        )}
      </td>
    </tr>
  );

  const popover = (
    <Popover id={popoverId} style={{ maxWidth: '24rem' }}>
      <Popover.Header as="h3" className="fs-6">
        Price breakdown - {line.product.itemNo}
      </Popover.Header>
      <Popover.Body className="small">
        <table className="w-100">
          <tbody>
            {row('Base product cost', formatMoneyCents(price.baseCents))}
            {row('Multiplier', `× ${price.multiplier}`, price.multiplierCategory ?? 'No category (1)')}
            {row('Base × multiplier', formatMoneyCents(price.multipliedCents), 'rounded to the cent')}
            {row('Modifier cost increase', `+ ${formatMoneyCents(price.modCostCents)}`)}
            {row('Unit price', formatMoneyCents(price.unitPriceCents), 'round(base × multiplier) + modifiers')}
            {row('Quantity', String(price.quantity))}
            {row(
              'Line price',
              price.isPackage || price.loosePart ? formatMoneyCents(price.extendedCents) : formatMoneyCents(0),
              price.isPackage ? 'unit price × quantity' : loosePartNote(price),
            )}
            {price.priceOverrideCents !== null &&
              row('Price override', formatMoneyCents(price.priceOverrideCents), 'replaces the line price')}
          </tbody>
          <tfoot className="border-top">{row('Counts toward Sub Total', formatMoneyCents(price.linePriceCents))}</tfoot>
        </table>
      </Popover.Body>
    </Popover>
  );

  return (
    <OverlayTrigger trigger="click" rootClose placement="auto" overlay={popover} show={show} onToggle={setShow}>
      <Badge
        as="button"
        type="button"
        pill
        bg="info"
        className="border-0 ms-1 align-text-top"
        aria-label={`Price breakdown of ${line.product.itemNo}`}
        aria-expanded={show}
        title="How this price is made"
        onKeyDown={(event: KeyboardEvent) => {
          // Escape closes the breakdown, not the document modal around it.
          if (event.key === 'Escape' && show) {
            event.stopPropagation();
            setShow(false);
          }
        }}
      >
        ?
      </Badge>
    </OverlayTrigger>
  );
}
