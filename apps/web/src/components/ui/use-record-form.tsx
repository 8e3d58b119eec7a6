import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from 'react-bootstrap';
import { sameValues } from './same-values';
import { useFocusFirstField } from './use-editor-focus';

/** A form's check: the input to send, or a message per field path. */
export type ParsedForm<Input> = { ok: true; input: Input } | { ok: false; errors: Partial<Record<string, string>> };

export interface RecordFormOptions<Values, Input> {
  /** The values the form starts from (read once). */
  initial: () => Values;
  parse: (values: Values) => ParsedForm<Input>;
  autoFocus: boolean;
  /** Whether the fields differ from the values the form started from. */
  onDirtyChange: (dirty: boolean) => void;
  onSubmit: (input: Input) => void;
  /** The check failed with these errors (before the cursor moves to the first). */
  onInvalid?: (errors: Partial<Record<string, string>>) => void;
}

/**
 * The state of an editor modal's form: values, dirty tracking, field errors cleared as the field
 * is edited, and a submit that checks the values and puts the cursor on the first field to fix.
 * Field ids are `${id}-${path}`.
 */
export function useRecordForm<Values extends object, Input, First extends HTMLElement = HTMLInputElement>({
  initial: start,
  parse,
  autoFocus,
  onDirtyChange,
  onSubmit,
  onInvalid,
}: RecordFormOptions<Values, Input>) {
  const id = useId();
  const [initial] = useState<Values>(start);
  const [values, setValues] = useState<Values>(initial);
  const firstField = useRef<First>(null);
  useFocusFirstField(autoFocus, firstField);

  const dirty = !sameValues(values, initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Replaced (after a save or a reload) or gone: the next form reports for itself.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const clearError = (path: string) => {
    if (errors[path]) setErrors(({ [path]: _dropped, ...rest }) => rest);
  };

  const set = <K extends keyof Values & string>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    clearError(field);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = parse(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      onInvalid?.(parsed.errors);
      // Put the cursor on the first field to fix.
      const first = Object.keys(parsed.errors)[0];
      if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
      return;
    }
    setErrors({});
    onSubmit(parsed.input);
  };

  return { id, values, setValues, errors, setErrors, clearError, set, submit, firstField };
}

/** 'Please correct the highlighted field' above a form whose check failed. */
export function FormErrorSummary({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert variant="danger" className="py-2 small">
      Please correct the {count === 1 ? 'highlighted field' : `${count} highlighted fields`}.
    </Alert>
  );
}
