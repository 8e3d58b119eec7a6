import { stockBadge, type AvailabilityLine } from '@desk/domain';

/** How full the shelf is for a product or an order: covered, short with something due, short. */
export type StockTone = ReturnType<typeof stockBadge>['tone'];

/**
 * Emphasis text on a subtle background of the same colour, with a border: at least 4.5:1 on any
 * row tint (hovered, edited, a modifier's), and the words say it without the colour.
 */
const TONE_CLASS: Record<StockTone, string> = {
  ok: 'text-success-emphasis bg-success-subtle border-success-subtle',
  due: 'text-warning-emphasis bg-warning-subtle border-warning-subtle',
  short: 'text-danger-emphasis bg-danger-subtle border-danger-subtle',
};

const BADGE_STYLE = { fontSize: '0.8125rem' } as const;

/** Stock in words (docs/stock.md): "In stock", "2 short - 6 due Nov 28", "Ready", "7 short". */
export function StockBadge({
  text,
  tone,
  title,
  className = '',
}: {
  text: string;
  tone: StockTone;
  /** More detail on hover; the words on the badge stand alone. */
  title?: string | undefined;
  className?: string | undefined;
}) {
  return (
    <span
      className={`stock-badge badge border fw-medium text-wrap text-start ${TONE_CLASS[tone]} ${className}`}
      data-tone={tone}
      title={title}
      // One readable size wherever it sits (a badge is 0.75em: too small inside a small table).
      style={BADGE_STYLE}
    >
      <span className="visually-hidden">Stock: </span>
      {text}
    </span>
  );
}

/** A product's line of an availability answer as the cart shows it beside the product; nothing before it is known. */
export function LineStockBadge({
  line,
  className,
}: {
  line: AvailabilityLine | undefined;
  className?: string | undefined;
}) {
  if (!line) return null;
  return (
    <StockBadge
      {...stockBadge(line)}
      className={className}
      title={`This document needs ${line.required}; the shelf covers ${line.covered} (${line.onHand} on hand, open orders served oldest first)${line.onOrder > 0 ? `; ${line.onOrder} on order` : ''}`}
    />
  );
}
