import { forwardRef, useEffect, useRef, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import BootstrapModal, { type ModalProps } from 'react-bootstrap/Modal';

/**
 * React-Bootstrap's Modal, except that on close the focus goes back to what had it before the
 * modal opened only if nothing else has it by then. React-Bootstrap gives it back when the
 * closing fade ends (about 300 ms after the close), whatever has the focus then: a clerk who
 * submitted a sub-part's notes and went straight on to a price field had the focus taken back to
 * the notes button while typing, and the Enter meant to commit the price opened the notes again.
 * Every modal of the app is this one.
 */
const FocusReturningModal = forwardRef<HTMLDivElement, ModalProps>(function Modal({ show, onExited, ...props }, ref) {
  const opener = useRef<HTMLElement | null>(null);
  const wasShown = useRef(false);
  // What has the focus as the modal opens (React-Bootstrap reads it at the same moment).
  if (show && !wasShown.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasShown.current = Boolean(show);

  const giveBack = useRef((_modal?: HTMLElement) => {});
  giveBack.current = (modal?: HTMLElement) => {
    const target = opener.current;
    opener.current = null;
    const active = document.activeElement;
    // The focus is still in the modal (or, once it is gone, on the body): back to the opener.
    if (target && (active === null || active === document.body || (modal?.contains(active) ?? false))) target.focus();
  };
  // Taken away with its page (a route change, a re-keyed editor) rather than closed.
  useEffect(() => () => giveBack.current(), []);

  return (
    <BootstrapModal
      {...props}
      ref={ref}
      show={show}
      restoreFocus={false}
      onExited={(node: HTMLElement) => {
        giveBack.current(node);
        onExited?.(node);
      }}
    />
  );
});

export const Modal = Object.assign(FocusReturningModal, {
  Header: BootstrapModal.Header,
  Title: BootstrapModal.Title,
  Body: BootstrapModal.Body,
  Footer: BootstrapModal.Footer,
  Dialog: BootstrapModal.Dialog,
});

export interface ModalHeadingProps {
  /** The title's id, for the modal's aria-labelledby. */
  id: string;
  children: ReactNode;
  /** Whether the X button shows (a dialog hides it while its request runs). */
  closeButton?: boolean;
  closeLabel?: string;
}

/** A modal's header as every dialog of the app has it: the title as an h2 and the X button. */
export function ModalHeading({ id, children, closeButton = true, closeLabel = 'Close dialog' }: ModalHeadingProps) {
  return (
    <BootstrapModal.Header closeButton={closeButton} closeLabel={closeLabel}>
      <BootstrapModal.Title id={id} as="h2" className="fs-5">
        {children}
      </BootstrapModal.Title>
    </BootstrapModal.Header>
  );
}

export interface CloseFooterProps {
  onClose: () => void;
  /** While the modal's request runs. */
  disabled?: boolean;
  /** The modal's own buttons, after Close. */
  children?: ReactNode;
}

/** A modal's footer as most dialogs of the app have it: Close (secondary), then the dialog's own buttons. */
export function CloseFooter({ onClose, disabled, children }: CloseFooterProps) {
  return (
    <BootstrapModal.Footer>
      <Button variant="secondary" onClick={onClose} disabled={disabled}>
        Close
      </Button>
      {children}
    </BootstrapModal.Footer>
  );
}
