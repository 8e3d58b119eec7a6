import { useId, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Modal, ModalHeading } from './modal';
import { BusyButton } from './busy-button';
import { errorText, InlineOutcome } from './result-banner';
import './stacked-modal.css';

/** What a confirmation shows and does (ConfirmModal in confirm-modal.tsx loads this when first shown). */
export interface ConfirmModalProps {
  show: boolean;
  /** What is acted on, e.g. 'Product'; used in the result banner. */
  objectName: string;
  /** What is done, e.g. 'delete'; used in the result banner. */
  action: string;
  /** The question, e.g. 'Are you sure you would like to delete the product (id: 5)?' */
  children: ReactNode;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onSuccess?: () => void;
}

type Outcome = { ok: true } | { ok: false; error: string } | null;

/** The generic confirmation dialog (docs/product.md section 2): Confirm, Close, then a result banner. */
export function ConfirmDialog({
  show,
  objectName,
  action,
  children,
  onConfirm,
  onClose,
  onSuccess,
}: ConfirmModalProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [wasShown, setWasShown] = useState(show);

  // Each opening starts afresh, without a banner from the previous one.
  if (show !== wasShown) {
    setWasShown(show);
    if (show) {
      setBusy(false);
      setOutcome(null);
    }
  }

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOutcome({ ok: true });
      onSuccess?.();
    } catch (e) {
      setOutcome({ ok: false, error: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  const succeeded = outcome?.ok === true;

  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby={titleId}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      className="stacked-modal"
      backdropClassName="stacked-modal-backdrop"
    >
      <ModalHeading id={titleId}>Confirmation</ModalHeading>
      <Modal.Body>
        <div className="mb-0">{children}</div>
        <InlineOutcome
          success={outcome?.ok === true ? `${objectName} ${action} successful` : null}
          failure={outcome?.ok === false ? { title: `${objectName} ${action} failed`, error: outcome.error } : null}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
        {!succeeded && (
          <BusyButton variant={action === 'delete' ? 'danger' : 'primary'} onClick={() => void confirm()} busy={busy}>
            Confirm
          </BusyButton>
        )}
      </Modal.Footer>
    </Modal>
  );
}
