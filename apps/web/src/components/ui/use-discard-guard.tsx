import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Modal, ModalHeading } from './modal';
import { useBlocker } from '../../lib/navigation';
import './stacked-modal.css';

/**
 * Unsaved edits are never lost silently. Three ways in, one dialog:
 * - useDiscardGuard: closing an editor (a modal's Close, X, Escape, backdrop) asks first;
 * - RouteDiscardGuard: leaving the page or tab inside the app (a React Router navigation) asks;
 * - both: a page unload (reload, closing the browser tab) gets the browser's own prompt.
 */

export interface DiscardChangesModalProps {
  show: boolean;
  /** What would be lost, e.g. 'changes' or 'bay changes'. */
  what: string;
  onDiscard: () => void;
  onKeep: () => void;
}

/** "Discard changes?" with Keep editing (the safe choice, focused first) and Discard changes. */
export function DiscardChangesModal({ show, what, onDiscard, onKeep }: DiscardChangesModalProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onKeep}
      centered
      aria-labelledby={titleId}
      className="stacked-modal"
      backdropClassName="stacked-modal-backdrop"
    >
      <ModalHeading id={titleId} closeLabel="Close">
        Discard changes?
      </ModalHeading>
      <Modal.Body>You have {what} that are not saved. If you leave now they are lost.</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onKeep} autoFocus>
          Keep editing
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          Discard changes
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** The browser's own "leave site?" prompt on reload or close while `dirty`. */
export function useUnloadPrompt(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

export interface DiscardGuard {
  /**
   * Runs `action` (close the modal, leave the tab) at once when nothing is unsaved; otherwise
   * asks "Discard changes?" first and runs it only if the user agrees.
   */
  guard(action: () => void): void;
  /** The question dialog; render it once, anywhere inside the component. */
  dialog: ReactNode;
}

export function useDiscardGuard(dirty: boolean, what = 'changes'): DiscardGuard {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useUnloadPrompt(dirty);

  const guard = useCallback((action: () => void) => {
    if (dirtyRef.current) setPending(() => action);
    else action();
  }, []);

  const dialog = (
    <DiscardChangesModal
      show={pending !== null}
      what={what}
      onKeep={() => setPending(null)}
      onDiscard={() => {
        const action = pending;
        setPending(null);
        action?.();
      }}
    />
  );

  return { guard, dialog };
}

/**
 * Asks before a navigation inside the app (another page, or another tab through ?tab=) leaves
 * unsaved edits behind. Needs the app's data router; nothing is asked while `dirty` is false.
 */
export function RouteDiscardGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useUnloadPrompt(dirty);

  // Saved or discarded meanwhile: let the waiting navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <DiscardChangesModal
      show={blocker.state === 'blocked'}
      what={what}
      onDiscard={() => blocker.proceed?.()}
      onKeep={() => blocker.reset?.()}
    />
  );
}
