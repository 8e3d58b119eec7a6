import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';

export type BannerVariant = 'success' | 'danger' | 'warning' | 'info';

export interface BannerProps {
  variant: BannerVariant;
  /** Bold first line, e.g. 'Create failed'. */
  title?: string;
  /** Detail under the title, e.g. the server's message. */
  children?: ReactNode;
  /** Makes the banner dismissible. */
  onClose?: () => void;
  className?: string;
}

/** The success and error alerts listed in docs/product.md section 8. */
export function Banner({ variant, title, children, onClose, className }: BannerProps) {
  return (
    <Alert
      variant={variant}
      dismissible={onClose !== undefined}
      onClose={onClose}
      className={className}
      closeLabel="Dismiss"
    >
      {title && <div className="fw-semibold">{title}</div>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </Alert>
  );
}
