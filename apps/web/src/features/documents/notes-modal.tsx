import { DOCUMENT_TEXT_LIMITS, type ModifierCategory } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { modifierNotesLabel } from '../../components/modifiers/modifier-form';
import { isOverLimit, LimitedTextField } from './text-limit';

export interface NotesModalProps {
  show: boolean;
  /** E.g. 'Edit Notes - HNG-01'. */
  title?: string;
  /** The sub-part's modifier category: Lift adds an Inches field, Inches renames Notes. */
  category: ModifierCategory | null;
  initialNotes?: string | null;
  initialInches?: string | null;
  /** Hands over the notes and inches ('' when left empty). */
  onSubmit: (notes: string, inches: string) => void;
  onCancel: () => void;
}

/**
 * The notes editor of a sub-part or applied modifier (docs/product.md section 2, "Notes modal"). Submit
 * hands over both values, clears the fields and closes; the Inches field is there only for Lift.
 */
export function NotesModal({
  show,
  title = 'Edit Notes',
  category,
  initialNotes,
  initialInches,
  onSubmit,
  onCancel,
}: NotesModalProps) {
  const id = useId();
  const [notes, setNotes] = useState('');
  const [inches, setInches] = useState('');
  const [wasShown, setWasShown] = useState(false);
  const showInches = category === 'Lift';

  // Each opening starts from the current values.
  if (show !== wasShown) {
    setWasShown(show);
    if (show) {
      setNotes(initialNotes ?? '');
      setInches(initialInches ?? '');
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation(); // the modal sits above the document's own form
    // Past a limit nothing is handed on: the field says why, under it.
    if (isOverLimit(notes, DOCUMENT_TEXT_LIMITS.notes)) return document.getElementById(`${id}-notes`)?.focus();
    if (showInches && isOverLimit(inches, DOCUMENT_TEXT_LIMITS.inches))
      return document.getElementById(`${id}-inches`)?.focus();
    const handed = { notes, inches: showInches ? inches : '' };
    setNotes('');
    setInches('');
    onSubmit(handed.notes, handed.inches);
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={submit}>
        <ModalHeading id={`${id}-title`}>{title}</ModalHeading>
        <Modal.Body>
          <div className="mb-3">
            <LimitedTextField
              id={`${id}-notes`}
              label={category ? modifierNotesLabel(category, 'document') : 'Notes'}
              labelClassName="form-label"
              rows={4}
              limit={DOCUMENT_TEXT_LIMITS.notes}
              value={notes}
              onChange={setNotes}
              autoFocus
            />
          </div>
          {showInches && (
            <>
              <LimitedTextField
                id={`${id}-inches`}
                label="Inches"
                labelClassName="form-label"
                limit={DOCUMENT_TEXT_LIMITS.inches}
                value={inches}
                onChange={setInches}
              />
              <Form.Text>Track inches for the lift, e.g. 24.</Form.Text>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Submit
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
