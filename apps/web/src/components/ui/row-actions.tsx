import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { Button } from 'react-bootstrap';

const VARIANTS = { Edit: 'outline-primary', Duplicate: 'outline-secondary', Delete: 'outline-danger' } as const;

export interface RowActionProps {
  action: keyof typeof VARIANTS;
  /** What the row is, for the accessible name: 'customer 12' gives 'Edit customer 12'. */
  subject: string;
  onClick: () => void;
}

/** One of a list row's Edit, Duplicate and Delete buttons. */
export function RowAction({ action, subject, onClick }: RowActionProps) {
  return (
    <Button variant={VARIANTS[action]} size="sm" onClick={onClick} aria-label={`${action} ${subject}`}>
      {action}
    </Button>
  );
}

/**
 * A modal a list opens: what it shows (`value`), whether it is shown or closing. Each opening
 * gets a new `seq`, for use as its key, so no state leaks from the previous opening.
 */
export interface ModalSlot<T> {
  seq: number;
  value: T;
  show: boolean;
}

export function useModalSlot<T>() {
  const [slot, setSlot] = useState<ModalSlot<T> | null>(null);
  return {
    slot,
    open: (value: T) => setSlot((s) => ({ seq: (s?.seq ?? 0) + 1, value, show: true })),
    /** Starts the closing animation. */
    close: () => setSlot((s) => (s ? { ...s, show: false } : s)),
    /** The closing animation ended: unmount the modal (unless it was opened again). */
    exited: () => setSlot((s) => (s?.show ? s : null)),
  };
}

/** What every modal a slot opens takes: whether it is shown, and its close and closed handlers. */
export interface SlotModalProps {
  show: boolean;
  onClose: () => void;
  onExited: () => void;
}

/**
 * The slot's modal while it is open or closing, drawn by `children` with what it shows; each
 * opening mounts a new one (keyed by `seq`).
 */
export function SlotModal<T>({
  slot: { slot, close, exited },
  children,
}: {
  slot: ReturnType<typeof useModalSlot<T>>;
  children: (value: T, modal: SlotModalProps) => ReactNode;
}) {
  if (!slot) return null;
  return (
    <Fragment key={slot.seq}>{children(slot.value, { show: slot.show, onClose: close, onExited: exited })}</Fragment>
  );
}

/**
 * A list's editor modal: which record (null: a new one). A list opened at `?open=ID` (the search
 * box's way to a record) opens that record's editor, then drops the parameter.
 */
export function useEditorSlot() {
  const slot = useModalSlot<number | null>();
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('open'));
  const { open } = slot;
  useEffect(() => {
    if (!(wanted > 0)) return;
    open(wanted);
    const next = new URLSearchParams(params);
    next.delete('open');
    setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per id asked for
  }, [wanted]);
  return slot;
}

/** The row a confirmation asks about, and whether the dialog is open. */
export type ConfirmTarget<T> = ReturnType<typeof useConfirmTarget<T>>;

export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [show, setShow] = useState(false);
  return {
    target,
    show: show && target !== null,
    ask: (row: T) => {
      setTarget(row);
      setShow(true);
    },
    close: () => setShow(false),
  };
}
