import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { Modal, ModalHeading } from './modal';
import { isApiError } from '../../lib/api-client';
import type { Created } from '../../lib/record-mutations';
import { BusyButton } from './busy-button';
import { Loading } from './loading';
import { ErrorBanner, errorText, type SaveResult } from './result-banner';
import { useToast } from './toaster';
import { useDiscardGuard } from './use-discard-guard';
import { useKeepFocusAfterSave } from './use-editor-focus';
import { saveTitle, useSaveShortcut } from './dialog-keyboard';

/** A stored record an editor modal opens: its title shows the name and id; saves send the version. */
export interface EditedRecord {
  id: number;
  name: string;
  version: number;
}

/** What the modal hands its form: the record to start from and where the checked input goes. */
export interface EditorFormSlot<R, Input> {
  /** The loaded record, or undefined in create mode. */
  record: R | undefined;
  /** Re-creates the form from a new version of the record (after a save or a reload). */
  formKey: string;
  disabled: boolean;
  /** Put the cursor in the first field on mount (not when re-created after a save). */
  autoFocus: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onSubmit: (input: Input) => void;
}

/** The props a record form takes from its slot (besides the record itself). */
export type EditorFormProps<Input> = Pick<
  EditorFormSlot<unknown, Input>,
  'disabled' | 'autoFocus' | 'onDirtyChange' | 'onSubmit'
>;

/** The parts of a TanStack mutation the editor uses. */
interface Mutation<Variables, Answer> {
  mutateAsync: (variables: Variables) => Promise<Answer>;
  isPending: boolean;
}

export interface RecordEditorModalProps<R extends EditedRecord, Input> {
  show: boolean;
  /** null: create mode. */
  id: number | null;
  /** 'Customer', 'Vendor Order': the title says 'Create ...' or 'Edit ...'. */
  noun: string;
  /** The id of the form inside, which the footer's submit button submits. */
  formId: string;
  record: UseQueryResult<R>;
  /** Answers the new record and the server's message ('Customer created'). */
  create: Mutation<Input, Created<{ id: number }>>;
  /** reset() forgets a failed update before a reload. */
  update: Mutation<{ id: number; input: Input }, unknown> & { reset: () => void };
  /** A create or update succeeded (its toast is shown). */
  onSaved?: (result: SaveResult) => void;
  onClose: () => void;
  onExited?: () => void;
  children: (slot: EditorFormSlot<R, Input>) => ReactNode;
}

/**
 * The create/edit modal of a stored record (docs/product.md sections 2 and 4): title with name and
 * id, loading and load-failure states, Close and Save/Create in the footer, results as toasts, a
 * 'Reload the latest version' button after a 409, and a discard prompt when closing with unsaved
 * edits.
 */
export function RecordEditorModal<R extends EditedRecord, Input>({
  show,
  id,
  noun,
  formId,
  record,
  create,
  update,
  onSaved,
  onClose,
  onExited,
  children,
}: RecordEditorModalProps<R, Input>) {
  const titleId = useId();
  const toast = useToast();
  const [stale, setStale] = useState(false);
  const [dirty, setDirty] = useState(false);
  // A form re-created from the server's answer after a save keeps focus where it was.
  const [savedOnce, setSavedOnce] = useState(false);
  const failureShown = useRef(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Set in the same render as the submit: the caller's mutation state reaches this component only
  // when the caller re-renders, which a fast answer may skip.
  const [busy, setBusy] = useState(false);
  const saving = busy || create.isPending || update.isPending;
  const isEdit = id !== null;
  const { guard, dialog } = useDiscardGuard(dirty && show);
  useKeepFocusAfterSave(saving, submitRef);
  useSaveShortcut(show, formId, saving || (isEdit && !record.data));

  const report = (result: SaveResult) => {
    failureShown.current = result.kind === 'create-failed' || result.kind === 'update-failed';
    toast.saveResult(result);
  };

  const save = async (input: Input) => {
    setStale(false);
    setSavedOnce(true);
    setBusy(true);
    try {
      await send(input);
    } finally {
      setBusy(false);
    }
  };

  const send = async (input: Input) => {
    if (id === null) {
      try {
        const created = await create.mutateAsync(input);
        const result: SaveResult = { kind: 'created', id: created.record.id, message: created.message };
        report(result);
        onSaved?.(result);
      } catch (e) {
        report({ kind: 'create-failed', error: errorText(e) });
      }
    } else {
      try {
        await update.mutateAsync({ id, input });
        report({ kind: 'updated' });
        onSaved?.({ kind: 'updated' });
      } catch (e) {
        report({ kind: 'update-failed', error: errorText(e) });
        setStale(isApiError(e) && e.httpStatus === 409);
      }
    }
  };

  const reload = async () => {
    setStale(false);
    update.reset();
    await record.refetch();
  };

  // Close button, X, Escape and the backdrop all come here; a failure toast about this editor
  // goes with it.
  const requestClose = () =>
    guard(() => {
      if (failureShown.current) toast.dismiss('save');
      onClose();
    });

  let body: ReactNode;
  if (isEdit && record.isPending) {
    body = <Loading />;
  } else if (isEdit && record.isError) {
    body = <ErrorBanner title={`The ${noun.toLowerCase()} could not be loaded`} error={record.error} />;
  } else {
    const loaded = isEdit ? record.data : undefined;
    body = children({
      record: loaded,
      formKey: loaded ? `${loaded.id}:${loaded.version}` : 'new',
      disabled: saving,
      autoFocus: !savedOnce,
      onDirtyChange: setDirty,
      onSubmit: (input) => void save(input),
    });
  }

  return (
    <Modal
      show={show}
      onHide={requestClose}
      onExited={onExited}
      size="lg"
      scrollable
      aria-labelledby={titleId}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
    >
      <ModalHeading id={titleId}>
        {isEdit ? `Edit ${noun}` : `Create ${noun}`}
        {isEdit && record.data && (
          <span className="ms-2 fs-6 fw-normal text-secondary">
            {record.data.name} (ID {record.data.id})
          </span>
        )}
      </ModalHeading>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        {stale && (
          // In the footer, always in view: the answer to 'changed by someone else'.
          <ReloadLatestButton className="me-auto" reloading={record.isFetching} onReload={() => void reload()} />
        )}
        <Button variant="secondary" onClick={requestClose} disabled={saving}>
          Close
        </Button>
        <BusyButton
          ref={submitRef}
          type="submit"
          form={formId}
          variant="primary"
          busy={saving}
          disabled={saving || (isEdit && !record.data)}
          title={saveTitle(isEdit ? 'Save' : 'Create')}
          style={{ minWidth: '6rem' }}
        >
          {isEdit ? 'Save' : 'Create'}
        </BusyButton>
      </Modal.Footer>
      {dialog}
    </Modal>
  );
}

export interface ReloadLatestButtonProps {
  reloading: boolean;
  onReload: () => void;
  className?: string;
  size?: 'sm';
}

/** The answer to a 409 'changed by someone else': fetch the stored version and start from it. */
export function ReloadLatestButton({ reloading, onReload, className, size }: ReloadLatestButtonProps) {
  return (
    <Button variant="outline-secondary" size={size} className={className} onClick={onReload} disabled={reloading}>
      {reloading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      Reload the latest version
    </Button>
  );
}
