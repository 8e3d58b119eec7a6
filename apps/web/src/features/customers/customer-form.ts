import { customerInputSchema, type Address, type Customer, type CustomerInput } from '@desk/domain';

/** What the customer editor's inputs hold: text as typed, multipliers as typed. */
export interface AddressValues {
  street: string;
  city: string;
  state: string;
  zipCode: string;
}

export interface CustomerFormValues {
  customerNo: string;
  name: string;
  contactName: string;
  email: string;
  phone: string;
  fax: string;
  mobilePhone: string;
  streetAddress: AddressValues;
  shipTo: AddressValues;
  specialNeeds: string;
  specialInstructions: string;
  taxCode: string;
  termsCode: string;
  useTax: boolean;
  readyForPickupEmail: boolean;
  openerMultiplier: string;
  residentialMultiplier: string;
  sectionalMultiplier: string;
  commercialMultiplier: string;
}

export type MultiplierField =
  'openerMultiplier' | 'residentialMultiplier' | 'sectionalMultiplier' | 'commercialMultiplier';

export const MULTIPLIER_FIELDS: ReadonlyArray<{ field: MultiplierField; label: string }> = [
  { field: 'openerMultiplier', label: 'Opener' },
  { field: 'residentialMultiplier', label: 'Residential' },
  { field: 'sectionalMultiplier', label: 'Sectional' },
  { field: 'commercialMultiplier', label: 'Commercial' },
];

/** Field labels by schema path, to word validation errors ('E-mail must be an e-mail address'). */
export const FIELD_LABELS: Record<string, string> = {
  customerNo: 'Customer No',
  name: 'Customer Name',
  contactName: 'Contact Name',
  email: 'E-mail',
  phone: 'Phone',
  fax: 'Fax',
  mobilePhone: 'Mobile Phone',
  specialNeeds: 'Special Needs',
  specialInstructions: 'Special Instructions',
  taxCode: 'Tax Code',
  termsCode: 'Terms Code',
  useTax: 'Use Tax',
  readyForPickupEmail: 'E-mail when an order is ready',
  'streetAddress.street': 'Street',
  'streetAddress.city': 'City',
  'streetAddress.state': 'State',
  'streetAddress.zipCode': 'Zip Code',
  'shipTo.street': 'Street',
  'shipTo.city': 'City',
  'shipTo.state': 'State',
  'shipTo.zipCode': 'Zip Code',
  openerMultiplier: 'Opener',
  residentialMultiplier: 'Residential',
  sectionalMultiplier: 'Sectional',
  commercialMultiplier: 'Commercial',
};

/** Which editor section holds each field, to open the sections with errors. */
export type CustomerSection = 'details' | 'addresses' | 'multipliers';
export function sectionOf(path: string): CustomerSection {
  if (path.startsWith('streetAddress') || path.startsWith('shipTo')) return 'addresses';
  if (path.endsWith('Multiplier')) return 'multipliers';
  return 'details';
}

const emptyAddress: AddressValues = { street: '', city: '', state: '', zipCode: '' };

export const emptyCustomerForm: CustomerFormValues = {
  customerNo: '',
  name: '',
  contactName: '',
  email: '',
  phone: '',
  fax: '',
  mobilePhone: '',
  streetAddress: emptyAddress,
  shipTo: emptyAddress,
  specialNeeds: '',
  specialInstructions: '',
  taxCode: '',
  termsCode: '',
  useTax: false,
  readyForPickupEmail: true,
  openerMultiplier: '1',
  residentialMultiplier: '1',
  sectionalMultiplier: '1',
  commercialMultiplier: '1',
};

const text = (v: string | null | undefined) => v ?? '';
const addressValues = (a: Address | null | undefined): AddressValues => ({
  street: text(a?.street),
  city: text(a?.city),
  state: text(a?.state),
  zipCode: text(a?.zipCode),
});

export function customerToForm(c: Customer): CustomerFormValues {
  return {
    customerNo: text(c.customerNo),
    name: c.name,
    contactName: text(c.contactName),
    email: text(c.email),
    phone: text(c.phone),
    fax: text(c.fax),
    mobilePhone: text(c.mobilePhone),
    streetAddress: addressValues(c.streetAddress),
    shipTo: addressValues(c.shipTo),
    specialNeeds: text(c.specialNeeds),
    specialInstructions: text(c.specialInstructions),
    taxCode: text(c.taxCode),
    termsCode: text(c.termsCode),
    useTax: c.useTax,
    readyForPickupEmail: c.readyForPickupEmail,
    openerMultiplier: String(c.openerMultiplier),
    residentialMultiplier: String(c.residentialMultiplier),
    sectionalMultiplier: String(c.sectionalMultiplier),
    commercialMultiplier: String(c.commercialMultiplier),
  };
}

/** An empty multiplier is not a number (rather than 0, which Number('') would give). */
const multiplier = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

export type FieldErrors = Record<string, string>;

export type ParsedCustomer = { ok: true; input: CustomerInput } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the same schema the server parses with (docs/conventions.md habit 1). Errors are
 * keyed by path ('shipTo.zipCode') and worded with the field's label.
 */
export function parseCustomerForm(values: CustomerFormValues, version?: number): ParsedCustomer {
  const result = customerInputSchema.safeParse({
    ...values,
    openerMultiplier: multiplier(values.openerMultiplier),
    residentialMultiplier: multiplier(values.residentialMultiplier),
    sectionalMultiplier: multiplier(values.sectionalMultiplier),
    commercialMultiplier: multiplier(values.commercialMultiplier),
    ...(version === undefined ? {} : { version }),
  });
  if (result.success) return { ok: true, input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (errors[path] === undefined) errors[path] = `${FIELD_LABELS[path] ?? path} ${issue.message}`;
  }
  return { ok: false, errors };
}
