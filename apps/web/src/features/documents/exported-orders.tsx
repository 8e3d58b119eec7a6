import { useId, useRef } from 'react';
import { Button } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import '../../components/ui/stacked-modal.css';

export interface ExportedOrdersProps {
  /** The orders made from the quote, oldest first. */
  orderIds: readonly number[];
  /** Opens an order; without it the ids are plain text. */
  onOpen?: ((orderId: number) => void) | undefined;
  className?: string;
}

/** "Exported to order 26" (or "orders 26, 31"): each id opens its order. Nothing when never exported. */
export function ExportedOrders({ orderIds, onOpen, className }: ExportedOrdersProps) {
  if (orderIds.length === 0) return null;
  return (
    <span className={`small text-secondary ${className ?? ''}`} data-testid="exported-orders">
      Exported to {orderIds.length === 1 ? 'order' : 'orders'}{' '}
      {orderIds.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          {onOpen ? (
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              onClick={() => onOpen(id)}
              aria-label={`Open order ${id}`}
            >
              {id}
            </Button>
          ) : (
            id
          )}
        </span>
      ))}
    </span>
  );
}

export interface ExportAgainDialogProps {
  /** The server's answer, e.g. 'Quote 16 was already exported to order 26.'; null: closed. */
  question: string | null;
  onAgain: () => void;
  onCancel: () => void;
}

/** A second Export to Order asks first: "Quote 16 was already exported to order 26. Make another order?" */
export function ExportAgainDialog({ question, onAgain, onCancel }: ExportAgainDialogProps) {
  const titleId = useId();
  // The question stays readable while the dialog fades out.
  const last = useRef(question);
  if (question !== null) last.current = question;
  return (
    <Modal
      show={question !== null}
      onHide={onCancel}
      centered
      aria-labelledby={titleId}
      className="stacked-modal"
      backdropClassName="stacked-modal-backdrop"
    >
      <ModalHeading id={titleId}>Export to Order again?</ModalHeading>
      <Modal.Body>{last.current} Make another order?</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          No
        </Button>
        <Button variant="primary" onClick={onAgain}>
          Yes, make another order
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
