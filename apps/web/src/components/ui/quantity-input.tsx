import { useId, type KeyboardEvent } from 'react';
import { Form } from 'react-bootstrap';

export interface QuantityInputProps {
  /** The line's item number: the field is named "Quantity of {itemNo}". */
  itemNo: string;
  value: string;
  onChange: (value: string) => void;
  /** The value breaks the caller's rule: the field is marked invalid and `hint` shows under it. */
  invalid: boolean;
  /** The rule in words, e.g. the domain's QUANTITY_HINT. */
  hint: string;
  disabled?: boolean;
  readOnly?: boolean;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * A line's quantity typed in place in a table (the cart, a vendor order's lines, the reorder list):
 * a whole number from 1, and the rule under the field, tied to it, while the value breaks it.
 */
export function QuantityInput({ itemNo, value, onChange, invalid, hint, ...field }: QuantityInputProps) {
  const hintId = useId();
  return (
    <>
      <Form.Control
        size="sm"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        aria-label={`Quantity of ${itemNo}`}
        aria-describedby={invalid ? hintId : undefined}
        aria-invalid={invalid ? true : undefined}
        value={value}
        isInvalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        {...field}
      />
      {invalid && (
        <div id={hintId} className="invalid-feedback d-block">
          {hint}
        </div>
      )}
    </>
  );
}
