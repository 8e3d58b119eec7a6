import type { ReactNode } from 'react';

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

/**
 * The success and error alerts listed in docs/product.md section 8: Bootstrap's alert markup (the
 * one React-Bootstrap's Alert draws; its fade is for alerts that hide themselves, and these are
 * removed by their owner), so the lists' error banner costs no library code before first paint.
 */
export function Banner({ variant, title, children, onClose, className }: BannerProps) {
  const classes = ['alert', `alert-${variant}`, onClose ? 'alert-dismissible' : '', className ?? ''];
  return (
    <div role="alert" className={classes.filter(Boolean).join(' ')}>
      {title && <div className="fw-semibold">{title}</div>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
      {onClose && <button type="button" className="btn-close" aria-label="Dismiss" onClick={onClose} />}
    </div>
  );
}
