import type { ModifierCategory } from '@desk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { errorText } from '../ui/result-banner';
import { SearchableSelect } from '../ui/searchable-select';

/** What the Product field can pick: a catalogue product, or the product a modifier already has. */
export interface ModifierProductOption {
  id: number;
  itemNo: string;
  itemDescription: string | null;
}

export interface ModifierFormValues {
  name: string;
  /** As typed; the caller's validation turns it into a whole number of at least 1. */
  quantity: string;
  product: ModifierProductOption | null;
  notes: string;
  /** Only used on orders and quotes, for the category Lift. */
  inches: string;
}

export type ModifierFormErrors = Partial<Record<keyof ModifierFormValues, string>>;

/**
 * 'product': the package's own modifiers (Admin > Product Catalog).
 * 'document': a modifier applied to an order or quote line, which also keeps inches for Lift.
 */
export type ModifierFormContext = 'product' | 'document';

export interface ModifierFormProps {
  category: ModifierCategory;
  context: ModifierFormContext;
  /** Prefill when editing; omitted fields start empty (quantity starts at 1). */
  initial?: Partial<ModifierFormValues>;
  products: ModifierProductOption[];
  productsLoading?: boolean;
  /** Field errors to show, or an empty object when the values are fine. */
  validate?: (values: ModifierFormValues) => ModifierFormErrors;
  /** Saves; a rejection is shown above the buttons and keeps the form open. */
  onSubmit: (values: ModifierFormValues) => Promise<unknown> | void;
  onCancel: () => void;
  submitLabel?: string;
}

export const EMPTY_MODIFIER_VALUES: ModifierFormValues = {
  name: '',
  quantity: '1',
  product: null,
  notes: '',
  inches: '',
};

/** The Notes label: Inches modifiers hold a length in their notes (docs/product.md section 2). */
export function modifierNotesLabel(category: ModifierCategory, context: ModifierFormContext): string {
  if (category !== 'Inches') return 'Notes';
  return context === 'product' ? 'Number of Track Inches' : 'Number of Inches';
}

export function modifierProductLabel(p: ModifierProductOption): string {
  return [String(p.id), p.itemNo, p.itemDescription ?? ''].filter((part) => part !== '').join(' - ');
}

/**
 * The one modifier form, used by the package's modifier popovers and by the order and quote
 * modifier popover (docs/conventions.md habit 3). LiftNotes are notes only: no name, quantity or product.
 */
export function ModifierForm({
  category,
  context,
  initial,
  products,
  productsLoading = false,
  validate,
  onSubmit,
  onCancel,
  submitLabel = 'Save',
}: ModifierFormProps) {
  const id = useId();
  const [values, setValues] = useState<ModifierFormValues>({ ...EMPTY_MODIFIER_VALUES, ...initial });
  const [errors, setErrors] = useState<ModifierFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const notesOnly = category === 'LiftNotes';
  const showInches = context === 'document' && category === 'Lift';
  // docs/product.md section 5: disabled only when name, quantity and product are all empty.
  const allEmpty = values.name.trim() === '' && values.quantity.trim() === '' && values.product === null;

  const set = <K extends keyof ModifierFormValues>(key: K, value: ModifierFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation(); // the form may sit inside another form's modal
    if (busy || allEmpty) return;
    const found = validate?.(values) ?? {};
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  // A labelled text control wired to values[name], with its error under it.
  const textField = (
    name: 'name' | 'quantity' | 'notes' | 'inches',
    label: string,
    control: {
      as?: 'textarea';
      type?: 'number';
      min?: number;
      step?: number;
      rows?: number;
      maxLength?: number;
      autoFocus?: boolean;
    },
  ) => (
    <Form.Group className="mb-2" controlId={`${id}-${name}`}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        size="sm"
        {...control}
        value={values[name]}
        isInvalid={Boolean(errors[name])}
        onChange={(event) => set(name, event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={`${category} modifier`}>
      {!notesOnly && (
        <>
          {textField('name', 'Name', { maxLength: 120, autoFocus: true })}
          {textField('quantity', 'Quantity', { type: 'number', min: 1, step: 1 })}
          <div className="mb-2 small">
            <SearchableSelect<ModifierProductOption>
              inputId={`${id}-product`}
              label="Product"
              options={products}
              value={values.product}
              onChange={(product) => set('product', product)}
              getOptionLabel={modifierProductLabel}
              getOptionValue={(p) => String(p.id)}
              isLoading={productsLoading}
              isClearable
              placeholder="Search by id, item no or description"
            />
            {errors.product && <div className="invalid-feedback d-block">{errors.product}</div>}
          </div>
        </>
      )}
      {textField('notes', modifierNotesLabel(category, context), {
        as: 'textarea',
        rows: notesOnly ? 4 : 2,
        maxLength: 2000,
        autoFocus: notesOnly,
      })}
      {showInches && textField('inches', 'Inches', { maxLength: 40 })}
      {failure && (
        <Alert variant="danger" className="py-2 px-3 small mb-2">
          {failure}
        </Alert>
      )}
      <div className="d-flex justify-content-end gap-2 mt-3">
        <Button size="sm" variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button size="sm" type="submit" variant="primary" disabled={allEmpty || busy}>
          {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
