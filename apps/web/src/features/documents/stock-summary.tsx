import type { Availability, DocumentKind } from '@desk/domain';
import { StockBadge, type StockTone } from '../../components/stock-badge';
import { dayText } from '../../lib/dates';
import { useAvailability } from './api/get-availability';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * An order's stock in one line (docs/stock.md): "Ready: everything on the shelf", or
 * "Short: 3 products, 7 units - next arrival Dec 4" (the earliest arrival of a short product),
 * or "... - nothing on order". Null when the order needs nothing.
 */
export function stockSummary(availability: Availability): { text: string; tone: StockTone } | null {
  if (availability.lines.length === 0) return null;
  const short = availability.lines.filter((l) => l.short > 0);
  if (short.length === 0) return { text: 'Ready: everything on the shelf', tone: 'ok' };
  const units = short.reduce((sum, l) => sum + l.short, 0);
  const arrivals = short
    .filter((l) => l.onOrder > 0 && l.nextArrival)
    .map((l) => l.nextArrival!)
    .sort();
  const next = arrivals[0];
  return {
    text: `Short: ${plural(short.length, 'product')}, ${plural(units, 'unit')} - ${next ? `next arrival ${dayText(next)}` : 'nothing on order'}`,
    tone: next ? 'due' : 'short',
  };
}

/**
 * The order modal's line under its title: ready or short, from the availability the cart asks for
 * (the same query; this one only reads it, so the modal sends one request).
 */
export function StockSummary({ kind, docId }: { kind: DocumentKind; docId: number }) {
  const availability = useAvailability(kind, docId, { enabled: false });
  const summary = availability.data ? stockSummary(availability.data) : null;
  if (!summary) return null;
  return (
    <p className="mb-2" data-testid="stock-summary">
      <StockBadge text={summary.text} tone={summary.tone} className="fs-6" />
    </p>
  );
}
