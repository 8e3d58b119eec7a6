import type { PlacementQuestions } from '@desk/domain';
import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { dayText } from '../../lib/dates';

/** The clerk's answer: the rows to send again with `replaces`, `waitingConfirmed` and `tellCustomer`. */
export interface PlacementAnswer {
  /** Order id -> the order it replaces as its bay's current load. */
  replaces: ReadonlyMap<number, number>;
  /** Order id -> whether its customer is e-mailed that it is ready (orders waiting on a vendor order). */
  waiting: ReadonlyMap<number, boolean>;
}

const who = (name: string | null, job: string | null) => [name, job].filter(Boolean).join(', ');

/**
 * Place in Bay asks first (issue 36; docs/product.md, Grid Manager): a bay whose current load the
 * save would replace, named, and each order still waiting on an open vendor order, with whether
 * to e-mail its customer anyway (off unless the clerk ticks it). The server asked (409): its
 * questions are what this shows, so a bay filled by another clerk a moment ago is named too.
 */
export function PlacementDialog({
  questions,
  onPlace,
  onCancel,
}: {
  questions: PlacementQuestions | null;
  onPlace: (answer: PlacementAnswer) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [tell, setTell] = useState<ReadonlySet<number>>(() => new Set());
  const [shown, setShown] = useState(questions);
  if (questions !== shown) {
    setShown(questions);
    setTell(new Set());
  }
  const q = questions ?? shown;
  return (
    <Modal show={questions !== null} onHide={onCancel} centered aria-labelledby={titleId}>
      <ModalHeading id={titleId}>Place in Bay?</ModalHeading>
      <Modal.Body>
        {q?.taken.map((t) => {
          const h = who(t.holder.customerName, t.holder.jobName);
          return (
            <div key={`taken-${t.orderId}`} className="mb-3">
              <p className="mb-1 fw-semibold">
                Bay {t.bay} already holds order {t.holder.orderId}
                {h ? ` (${h})` : ''}. Place order {t.orderId} there instead?
              </p>
              <p className="small text-body-secondary mb-0">
                Order {t.holder.orderId} stays assigned to Bay {t.bay}, no longer loaded; if its ready-for-pickup e-mail
                has not gone yet, it is withdrawn.
              </p>
            </div>
          );
        })}
        {q?.waiting.map((w) => {
          const h = who(w.customerName, w.jobName);
          return (
            <div key={`waiting-${w.orderId}`} className="mb-3">
              <p className="mb-1">
                <span className="fw-semibold">
                  Order {w.orderId}
                  {h ? ` (${h})` : ''}, Bay {w.bay}:
                </span>{' '}
                {w.waitingOn.map((v, i) => (
                  <span key={v.vendorOrderId} className={v.overdue ? 'text-danger-emphasis fw-semibold' : undefined}>
                    {i > 0 ? '; ' : ''}Waiting on vendor order {v.vendorOrderId}
                    {v.expected ? `, due ${dayText(v.expected)}` : ', no date expected'}
                    {v.overdue ? ' (overdue)' : ''}
                  </span>
                ))}{' '}
                - place it anyway?
              </p>
              <Form.Check
                id={`tell-${w.orderId}`}
                type="checkbox"
                label={`E-mail the customer that order ${w.orderId} is ready`}
                checked={tell.has(w.orderId)}
                onChange={(e) => {
                  const next = new Set(tell);
                  if (e.currentTarget.checked) next.add(w.orderId);
                  else next.delete(w.orderId);
                  setTell(next);
                }}
              />
            </div>
          );
        })}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="primary"
          onClick={() =>
            onPlace({
              replaces: new Map(q?.taken.map((t) => [t.orderId, t.holder.orderId])),
              waiting: new Map(q?.waiting.map((w) => [w.orderId, tell.has(w.orderId)])),
            })
          }
        >
          Place anyway
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
