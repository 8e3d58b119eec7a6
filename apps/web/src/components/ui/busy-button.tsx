import type { ComponentProps } from 'react';
import { Button, Spinner } from 'react-bootstrap';

export interface BusyButtonProps extends ComponentProps<typeof Button> {
  /** A request of this button runs: a spinner before the label; disabled unless `disabled` says otherwise. */
  busy: boolean;
  /** Space between spinner and label. */
  spinnerClassName?: string;
}

/**
 * A button that shows a small spinner while its request runs (Save, Confirm, Link, Add User...).
 * While busy it is aria-disabled, not disabled: a disabled button drops keyboard focus to <body>,
 * and the clerk would lose their place. Clicks (and form submits) are refused meanwhile, so a
 * second press does not send twice.
 */
export function BusyButton({
  busy,
  spinnerClassName = 'me-2',
  disabled,
  children,
  onClick,
  ...props
}: BusyButtonProps) {
  return (
    <Button
      {...props}
      disabled={busy ? false : disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <Spinner animation="border" size="sm" className={spinnerClassName} aria-hidden="true" />}
      {children}
    </Button>
  );
}

/** A small form's submit button (with its spinner) and Cancel beside it; Cancel waits while it runs. */
export function SubmitOrCancel({
  label,
  variant = 'primary',
  busy,
  onCancel,
}: {
  label: string;
  variant?: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="d-flex gap-2">
      <BusyButton type="submit" variant={variant} busy={busy}>
        {label}
      </BusyButton>
      <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}
