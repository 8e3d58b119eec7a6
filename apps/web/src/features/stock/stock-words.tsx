/** How stock figures read on the Stock page (docs/stock.md). */
import { Badge } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { dayText } from '../../lib/dates';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A move's time, as the history panel shows times. */
export const momentText = (at: string) => when.format(new Date(at));

/** "Nov 28, 2026" for an ISO day; an em dash when none. */
export const arrivalText = (day: string | null) => (day ? `${dayText(day)}, ${day.slice(0, 4)}` : '\u2014');

/** Available: below 0 in red with the words "short", so colour is not the only sign. */
export function AvailableFigure({ available }: { available: number }) {
  if (available >= 0) return <>{available}</>;
  return (
    <span className="text-danger fw-semibold text-nowrap">
      {available} <span className="small">({-available} short)</span>
    </span>
  );
}

/** The "Count needed" badge: a pickup took on hand below zero, until a count is applied. */
export function CountNeededBadge() {
  return (
    <Badge bg="warning" text="dark" className="ms-2" title="On hand went below zero: count this product">
      Count needed
    </Badge>
  );
}

export const MOVE_KIND_WORDS: Record<string, string> = {
  receipt: 'Receipt',
  pickup: 'Pickup',
  return: 'Return',
  adjustment: 'Adjustment',
  count: 'Count',
  reopen: 'Reopened order',
};

export const REF_WORDS: Record<string, string> = {
  'vendor-order': 'Vendor order',
  order: 'Order',
  count: 'Count',
  'credit-note': 'Credit note',
  adjustment: 'Adjustment',
};

/** A signed quantity: "+5", "-2". */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What a save on the Stock page answered: the server's message, good or bad. */
export type StockOutcome = { ok: boolean; text: string };

/**
 * A save's outcome where the clerk is looking, read out when it appears: the success in words,
 * or `failureTitle` with the server's reason under it.
 */
export function OutcomeNote({
  outcome,
  failureTitle,
  className,
}: {
  outcome: StockOutcome | null;
  failureTitle: string;
  className: string;
}) {
  return (
    <div aria-live="polite">
      {outcome && (
        <Banner
          variant={outcome.ok ? 'success' : 'danger'}
          className={className}
          title={outcome.ok ? outcome.text : failureTitle}
        >
          {!outcome.ok && <small>{outcome.text}</small>}
        </Banner>
      )}
    </div>
  );
}
