import type { QuoteStatus } from '@desk/domain';
import { Badge } from 'react-bootstrap';

const COLOURS: Record<QuoteStatus, string> = {
  Draft: 'secondary',
  Sent: 'primary',
  Accepted: 'success',
  Declined: 'danger',
  Expired: 'warning',
};

/** A quote's status (docs/architecture.md section 3) as a badge, styled as the order statuses are. */
export function QuoteStatusBadge({ status, className = '' }: { status: QuoteStatus; className?: string }) {
  const c = COLOURS[status];
  return (
    <Badge bg={`${c}-subtle`} text={`${c}-emphasis` as 'dark'} className={`fw-medium border ${className}`}>
      {status}
    </Badge>
  );
}
