import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '../../lib/api-client';

/** Validation errors of an admin form, keyed by field, worded with the field's label. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Turns schema issues into 'New Password must be at least 8 characters': the field's label, then
 * the rule's message, which these forms' schemas word to follow it ('must ...', 'is ...').
 */
export function labelledErrors(issues: readonly Issue[], labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= `${labels[path] ?? path} ${issue.message}`;
  }
  return errors;
}

/**
 * A failure's text for a banner. The server refuses one field as 'oldPassword: the old password
 * is not correct.' with that field among its issues: that reads with the form's label instead
 * ('Old Password: the old password is not correct.'); anything else as the server says it.
 */
export function withFieldLabel(error: unknown, labels: Record<string, string>): string {
  const [issue, ...others] = isApiError(error) ? error.issues : [];
  const label = issue && others.length === 0 ? labels[issue.field] : undefined;
  const oneField = label !== undefined && errorText(error) === `${issue!.field}: ${issue!.message}`;
  return oneField ? `${label}: ${issue!.message}` : errorText(error);
}

/**
 * An admin form's field errors: each cleared as its field is edited; `reject` shows a failed
 * check's errors and puts the cursor on the first field (in `order`) that has one. Field ids are
 * `${id}-${field}`.
 */
export function useFieldErrors<F extends string>(id: string) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (field: F) => {
    if (errors[field] !== undefined) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const reject = (found: FieldErrors, order: readonly F[]) => {
    setErrors(found);
    const first = order.find((field) => found[field] !== undefined);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  return { errors, setErrors, clearError, reject };
}

/** What a schema's `safeParse` answers (zod's shape, without importing zod here). */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/**
 * An admin form checked by the schema the server parses with: its values, each field's error
 * (worded with `labels`, cleared as the field is edited) and a submit handler. A failed check puts
 * the cursor on the first field, in `labels`' order, that has an error.
 */
export function useLabelledForm<V extends Record<string, string | boolean>>(
  initial: V,
  labels: Record<keyof V & string, string>,
) {
  type F = keyof V & string;
  const id = useId();
  const [values, setValues] = useState<V>(initial);
  const { errors, setErrors, clearError, reject } = useFieldErrors<F>(id);

  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    clearError(field);
  };

  /** A text field's props: its id (`${id}-${field}`), value, change handler and error. */
  const textField = (field: { [K in F]: V[K] extends string ? K : never }[F]) => ({
    id: `${id}-${field}`,
    value: values[field] as string,
    onChange: (value: string) => set(field, value as V[typeof field]),
    error: errors[field],
  });

  /** Submits what `schema` parses out of `input()`, or shows why it cannot. */
  const onSubmitParsed =
    <T>(schema: { safeParse: (input: unknown) => Parsed<T> }, input: () => unknown, onValid: (data: T) => void) =>
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const parsed = schema.safeParse(input());
      if (!parsed.success) {
        reject(labelledErrors(parsed.error.issues, labels), Object.keys(labels) as F[]);
        return;
      }
      setErrors({});
      onValid(parsed.data);
    };

  return { id, values, set, errors, textField, onSubmitParsed };
}
