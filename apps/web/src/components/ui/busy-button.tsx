import type { ComponentProps } from 'react';
import { Button, Spinner } from 'react-bootstrap';

export interface BusyButtonProps extends ComponentProps<typeof Button> {
  /** A request of this button runs: a spinner before the label; disabled unless `disabled` says otherwise. */
  busy: boolean;
  /** Space between spinner and label. */
  spinnerClassName?: string;
}

/** A button that shows a small spinner while its request runs (Save, Confirm, Link, Add User...). */
export function BusyButton({ busy, spinnerClassName = 'me-2', disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} disabled={disabled ?? busy}>
      {busy && <Spinner animation="border" size="sm" className={spinnerClassName} aria-hidden="true" />}
      {children}
    </Button>
  );
}
