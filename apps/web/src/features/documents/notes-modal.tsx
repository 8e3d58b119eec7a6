import type { ModifierCategory } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Modal } from '../../components/ui/modal';
import { modifierNotesLabel } from '../../components/modifiers/modifier-form';

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
    const handed = { notes, inches: showInches ? inches : '' };
    setNotes('');
    setInches('');
    onSubmit(handed.notes, handed.inches);
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close dialog">
          <Modal.Title id={`${id}-title`} as="h2" className="fs-5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId={`${id}-notes`} className="mb-3">
            <Form.Label>{category ? modifierNotesLabel(category, 'document') : 'Notes'}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              maxLength={2000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              autoFocus
            />
          </Form.Group>
          {showInches && (
            <Form.Group controlId={`${id}-inches`}>
              <Form.Label>Inches</Form.Label>
              <Form.Control
                type="text"
                inputMode="decimal"
                maxLength={40}
                value={inches}
                onChange={(e) => setInches(e.target.value)}
              />
              <Form.Text>Track inches for the lift, e.g. 24.</Form.Text>
            </Form.Group>
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
