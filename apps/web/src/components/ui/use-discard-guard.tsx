import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import './stacked-modal.css';

export interface DiscardGuard {
  /**
   * Runs `action` (close the modal, leave the tab) at once when nothing is unsaved; otherwise
   * asks "Discard changes?" first and runs it only if the user agrees.
   */
  guard(action: () => void): void;
  /** The question dialog; render it once, anywhere inside the component. */
  dialog: ReactNode;
}

/**
 * Unsaved edits are never lost silently: closing or leaving asks first, and a page unload
 * (reload, closing the tab) gets the browser's own prompt while `dirty` is true.
 */
export function useDiscardGuard(dirty: boolean, what = 'changes'): DiscardGuard {
  const titleId = useId();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const guard = useCallback((action: () => void) => {
    if (dirtyRef.current) setPending(() => action);
    else action();
  }, []);

  const discard = () => {
    const action = pending;
    setPending(null);
    action?.();
  };

  const dialog = (
    <Modal
      show={pending !== null}
      onHide={() => setPending(null)}
      centered
      aria-labelledby={titleId}
      className="stacked-modal"
      backdropClassName="stacked-modal-backdrop"
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="fs-5">
          Discard changes?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>You have {what} that are not saved. If you leave now they are lost.</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={() => setPending(null)} autoFocus>
          Keep editing
        </Button>
        <Button variant="danger" onClick={discard}>
          Discard changes
        </Button>
      </Modal.Footer>
    </Modal>
  );

  return { guard, dialog };
}
