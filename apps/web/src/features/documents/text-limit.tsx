import { Form } from 'react-bootstrap';

/**
 * A text field's limit, shown and enforced without truncating (issue 36): a maxLength attribute
 * cuts a paste short without a word, so the field keeps everything typed or pasted, shows
 * "180 / 200" beside its label, and past the limit says so under the field; the save is refused
 * until it is shortened. The limits are the domain's (DOCUMENT_TEXT_LIMITS), which the server
 * applies; the length is counted as the server counts it (trimmed).
 */
export const textLength = (value: string) => value.trim().length;

export const isOverLimit = (value: string, limit: number) => textLength(value) > limit;

const n = (v: number) => v.toLocaleString('en-US');

export function overLimitText(label: string, value: string, limit: number): string {
  return `${label} holds at most ${n(limit)} characters; this has ${n(textLength(value))}. Shorten it to save.`;
}

/** "180 / 200" beside a field's label; red past the limit. */
export function LimitCount({ id, value, limit }: { id: string; value: string; limit: number }) {
  const over = isOverLimit(value, limit);
  return (
    <small
      id={id}
      className={`ms-2 text-nowrap ${over ? 'text-danger fw-semibold' : 'text-body-secondary'}`}
      aria-label={`${n(textLength(value))} of ${n(limit)} characters`}
    >
      {n(textLength(value))} / {n(limit)}
    </small>
  );
}

export interface LimitedTextFieldProps {
  id: string;
  label: string;
  value: string;
  limit: number;
  onChange: (value: string) => void;
  /** Several rows of text, e.g. Special Instructions or notes. */
  rows?: number;
  size?: 'sm' | 'lg';
  autoFocus?: boolean;
  labelClassName?: string;
}

/** A labelled text field with its count and, past its limit, the reason under it (nothing cut). */
export function LimitedTextField({
  id,
  label,
  value,
  limit,
  onChange,
  rows,
  size,
  autoFocus,
  labelClassName = 'mb-1',
}: LimitedTextFieldProps) {
  const over = isOverLimit(value, limit);
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <Form.Group controlId={id}>
      <div className="d-flex justify-content-between align-items-baseline">
        <Form.Label className={labelClassName}>{label}</Form.Label>
        <LimitCount id={countId} value={value} limit={limit} />
      </div>
      <Form.Control
        {...(size ? { size } : {})}
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={over}
        aria-invalid={over ? true : undefined}
        aria-describedby={over ? `${countId} ${errorId}` : countId}
        {...(rows ? { as: 'textarea' as const, rows } : { autoComplete: 'off' })}
      />
      {over && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {overLimitText(label, value, limit)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
