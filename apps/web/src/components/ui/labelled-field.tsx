import type { InputHTMLAttributes, ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export interface LabelledFieldProps extends Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'autoComplete'
  | 'autoCapitalize'
  | 'spellCheck'
  | 'min'
  | 'max'
  | 'step'
  | 'inputMode'
  | 'autoFocus'
  | 'placeholder'
> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A line under the field; the field is described by it (and by its error). */
  hint?: ReactNode;
  /** A text area of this many rows instead of a one-line input. */
  textarea?: { rows: number; cols?: number };
  /** The group's class: its space below ('mb-3' unless told). */
  className?: string;
  /** The hint's classes besides 'd-block' (e.g. 'text-danger' past a limit). */
  hintClassName?: string;
}

/** A labelled field of a form with its error and hint under it. */
export function LabelledField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  textarea,
  className = 'mb-3',
  hintClassName = '',
  ...input
}: LabelledFieldProps) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label className="mb-1">{label}</Form.Label>
      <Form.Control
        {...input}
        {...(textarea && { as: 'textarea' as const, ...textarea })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
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
        <Form.Text id={`${id}-hint`} className={`d-block ${hintClassName}`.trim()}>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}

export type UsernameFieldProps = Omit<LabelledFieldProps, 'textarea' | 'autoComplete'> & {
  autoComplete: 'username' | 'off';
};

/** A username: no capitals or spelling fixes. */
export function UsernameField(props: UsernameFieldProps) {
  return <LabelledField {...props} autoCapitalize="off" spellCheck={false} />;
}
