import { useEffect, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useBlocker } from 'react-router';

export const DISCARD_TITLE = 'Discard changes?';

/**
 * Asks before unsaved edits are lost: on leaving the tab or the page inside the app (a React
 * Router navigation, which a tab switch is, through ?tab=), and through the browser's own prompt
 * on reload or close. Nothing is asked while `dirty` is false.
 */
export function DiscardChangesGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

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

interface DiscardChangesModalProps {
  show: boolean;
  /** What would be lost, e.g. 'bay changes'. */
  what: string;
  onDiscard: () => void;
  onKeep: () => void;
}

/** "Discard changes?" with Discard changes and Keep editing (the safe choice, focused first). */
export function DiscardChangesModal({ show, what, onDiscard, onKeep }: DiscardChangesModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onKeep} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id={titleId} as="h2" className="fs-5">
          {DISCARD_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>Your {what} are not saved. Leaving now loses them.</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-danger" onClick={onDiscard}>
          Discard changes
        </Button>
        <Button variant="primary" onClick={onKeep} autoFocus>
          Keep editing
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
