import { useState } from 'react';

/** Validation errors of an admin form, keyed by field, worded with the field's label. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Turns schema issues into 'New Password must be at least 8 characters'. A message that names
 * its own subject ('the subject must be one line') keeps only the part from the verb on.
 */
export function labelledErrors(issues: readonly Issue[], labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path] !== undefined) continue;
    const message = /^(is|must|may)\b/.test(issue.message)
      ? issue.message
      : issue.message.replace(/^.*?\b(is|must|may)\b/, '$1');
    errors[path] = `${labels[path] ?? path} ${message}`;
  }
  return errors;
}

/** The server names a bad field by its schema name ('oldPassword: ...'); show the label instead. */
export function withFieldLabel(message: string, labels: Record<string, string>): string {
  const match = /^(\w+): (.*)$/s.exec(message);
  const label = match ? labels[match[1]!] : undefined;
  return match && label ? `${label}: ${match[2]}` : message;
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
