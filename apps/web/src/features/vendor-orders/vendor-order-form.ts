import { vendorOrderInputSchema, type VendorOrder, type VendorOrderInput, type VendorOrderStatus } from '@desk/domain';

/** What the vendor order editor's inputs hold, as typed. */
export interface VendorOrderFormValues {
  name: string;
  description: string;
  /** YYYY-MM-DD from the date input, or '' when none. */
  estimatedArrival: string;
  status: VendorOrderStatus;
}

export const emptyVendorOrderForm: VendorOrderFormValues = {
  name: '',
  description: '',
  estimatedArrival: '',
  status: 'Ordered',
};

export function vendorOrderToForm(v: VendorOrder): VendorOrderFormValues {
  return {
    name: v.name,
    description: v.description ?? '',
    estimatedArrival: v.estimatedArrival?.slice(0, 10) ?? '',
    status: v.status,
  };
}

export const FIELD_LABELS: Record<keyof VendorOrderFormValues, string> = {
  name: 'Name',
  description: 'Description',
  estimatedArrival: 'Estimated Arrival',
  status: 'Status',
};

export type FieldErrors = Partial<Record<keyof VendorOrderFormValues, string>>;

export type ParsedVendorOrder = { ok: true; input: VendorOrderInput } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the schema the server parses with (docs/conventions.md habit 1); errors are worded
 * with the field's label ('Name is required').
 */
export function parseVendorOrderForm(values: VendorOrderFormValues, version?: number): ParsedVendorOrder {
  const result = vendorOrderInputSchema.safeParse({
    ...values,
    // An empty date input means "no date yet".
    estimatedArrival: values.estimatedArrival.trim() === '' ? null : values.estimatedArrival,
    ...(version === undefined ? {} : { version }),
  });
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof VendorOrderFormValues;
    if (field in FIELD_LABELS) errors[field] ??= `${FIELD_LABELS[field]} ${issue.message}`;
  }
  return { ok: false, errors };
}
