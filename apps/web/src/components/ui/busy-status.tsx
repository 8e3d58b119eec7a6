import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';

/** A small spinner and a word such as 'Loading...', announced as a status while a list refetches. */
export function BusyStatus({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      role="status"
      className={`small text-secondary d-inline-flex align-items-center gap-1${className ? ` ${className}` : ''}`}
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {children}
    </span>
  );
}
