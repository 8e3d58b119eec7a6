import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export interface UsernameFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'username' | 'off';
  error?: string;
  /** A line under the field, e.g. which characters a name may use; the field is described by it. */
  hint?: ReactNode;
}

/** A labelled username field of an admin form: no capitals or spelling fixes, its error and hint under it. */
export function UsernameField({ id, label, value, onChange, autoComplete, error, hint }: UsernameFieldProps) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label className="mb-1">{label}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={
          [error !== undefined && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
        }
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
