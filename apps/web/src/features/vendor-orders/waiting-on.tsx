import type { WaitingOn as WaitingOnItem } from '@desk/domain';
import { dayText } from '../../lib/dates';

/**
 * "Waiting on vendor order 7, expected Nov 28": the open vendor orders an order waits on, in
 * red when the expected date has passed (docs/architecture.md section 3). Nothing when none. The
 * red is the danger emphasis: the plain danger red is under 4.5:1 on a hovered row or on the Grid
 * Manager's yellow edited row (issue 36, defect 16).
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
        <li key={v.vendorOrderId} className={v.overdue ? 'text-danger-emphasis fw-medium' : 'text-secondary'}>
          Waiting on vendor order {v.vendorOrderId}
          {v.expected ? `, expected ${dayText(v.expected)}` : ', no date expected'}
          {v.overdue ? ' (overdue)' : ''}
        </li>
      ))}
    </ul>
  );
}
