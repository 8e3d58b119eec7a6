import { useState } from 'react';
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

/** A list's editor modal: which record (null: a new one), shown or closing; each opening is new (keyed). */
export interface EditorSlot {
  seq: number;
  id: number | null;
  show: boolean;
}

export function useEditorSlot() {
  const [editor, setEditor] = useState<EditorSlot | null>(null);
  return {
    editor,
    open: (id: number | null) => setEditor((e) => ({ seq: (e?.seq ?? 0) + 1, id, show: true })),
    /** Starts the closing animation. */
    close: () => setEditor((e) => (e ? { ...e, show: false } : e)),
    /** The closing animation ended: unmount the editor (unless it was opened again). */
    exited: () => setEditor((e) => (e?.show ? e : null)),
  };
}

/** The row a confirmation modal asks about; kept while the modal animates out. */
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
