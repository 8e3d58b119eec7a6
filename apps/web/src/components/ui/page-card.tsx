import type { ReactNode } from 'react';

export interface PageCardProps {
  title: string;
  /** Buttons shown on the right of the card header. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The card every area page sits in: a titled header and a body.
 */
export function PageCard({ title, actions, children }: PageCardProps) {
  return (
    <div className="card page-card">
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h1 className="page-card-title">{title}</h1>
        {actions && <div className="d-flex gap-2">{actions}</div>}
      </div>
      <div className="card-body">{children}</div>
    </div>
  );
}
