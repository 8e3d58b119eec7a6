import { useState, type ReactNode } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';

export interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  /** Id of a hint under the field, e.g. the length rule. */
  describedBy?: string;
}

/** A password field with a show/hide toggle (docs/product.md section 2, "Admin home" 3 and 4). */
export function PasswordInput({ id, value, onChange, autoComplete, error, describedBy }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <InputGroup hasValidation>
      <Form.Control
        id={id}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={[error !== undefined && `${id}-error`, describedBy].filter(Boolean).join(' ') || undefined}
      />
      <Button
        variant="outline-secondary"
        className="d-inline-flex align-items-center"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-controls={id}
        title={shown ? 'Hide password' : 'Show password'}
      >
        <EyeIcon crossed={shown} />
      </Button>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </InputGroup>
  );
}

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'describedBy'> {
  label: string;
  /** A line under the field, e.g. the length rule; the field is described by it. */
  hint?: ReactNode;
}

/** A labelled password field (with its show/hide toggle) and an optional hint under it. */
export function PasswordField({ label, hint, ...input }: PasswordFieldProps) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={input.id} className="mb-1">
        {label}
      </Form.Label>
      <PasswordInput {...input} describedBy={hint ? `${input.id}-hint` : undefined} />
      {hint && (
        <Form.Text id={`${input.id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}

/** An open eye (show) or a struck-through one (hide). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
