import type { WaitingOn as WaitingOnItem } from '@desk/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * '2026-11-28' -> 'Nov 28', read from the date's text. Not Intl.DateTimeFormat: this module is on
 * the order list's first paint, and the browser's first Intl formatter of a page loads its locale
 * data, 30-100 ms of the main thread in Chromium on this hardware (docs/performance.md).
 */
const dayText = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

/**
 * "Waiting on vendor order 7, expected Nov 28": the open vendor orders an order waits on, in
 * red when the expected date has passed (docs/architecture.md section 3). Nothing when none.
 */
export function WaitingOn({
  items,
  className = '',
}: {
  items: readonly WaitingOnItem[] | undefined;
  className?: string;
}) {
  if (!items || items.length === 0) return null;
  return (
    <ul className={`list-unstyled small mb-0 ${className}`} data-testid="waiting-on">
      {items.map((v) => (
        <li key={v.vendorOrderId} className={v.overdue ? 'text-danger fw-medium' : 'text-secondary'}>
          Waiting on vendor order {v.vendorOrderId}
          {v.expected ? `, expected ${dayText(v.expected)}` : ', no date expected'}
          {v.overdue ? ' (overdue)' : ''}
        </li>
      ))}
    </ul>
  );
}
