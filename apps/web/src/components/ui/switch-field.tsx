import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export interface SwitchFieldProps {
  id: string;
  label: ReactNode;
  /** What the switch does, shown on hover. */
  title?: string;
  className?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A yes/no field of a form, drawn as a switch (and read out as one). */
export function SwitchField({ id, label, title, className, checked, onChange }: SwitchFieldProps) {
  return (
    <Form.Check
      type="switch"
      role="switch"
      id={id}
      label={label}
      title={title}
      className={className}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
