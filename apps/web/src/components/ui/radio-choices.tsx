import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export interface RadioChoicesProps<T extends string> {
  /** The group's name; each radio's id is `${name}-${value}`. */
  name: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly { value: T; label: ReactNode }[];
  /** Side by side rather than one under the other. */
  inline?: boolean;
}

/** A group of radio buttons for one choice among a few. */
export function RadioChoices<T extends string>({ name, value, onChange, choices, inline }: RadioChoicesProps<T>) {
  return choices.map((choice) => (
    <Form.Check
      key={choice.value}
      inline={inline}
      type="radio"
      id={`${name}-${choice.value}`}
      name={name}
      label={choice.label}
      checked={value === choice.value}
      onChange={() => onChange(choice.value)}
    />
  ));
}
