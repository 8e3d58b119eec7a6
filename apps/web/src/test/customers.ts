import type { Customer } from '@desk/domain';

/** A customer with nothing but a number and a name filled in; `fields` sets the rest. */
export const customer = (id: number, fields: Partial<Customer> = {}): Customer => ({
  id,
  customerNo: `C-${1000 + id}`,
  name: `Customer ${id}`,
  contactName: null,
  email: null,
  phone: null,
  fax: null,
  mobilePhone: null,
  streetAddress: { street: null, city: null, state: null, zipCode: null },
  shipTo: { street: null, city: null, state: null, zipCode: null },
  specialNeeds: null,
  specialInstructions: null,
  taxCode: null,
  termsCode: null,
  openOrders: 0,
  useTax: false,
  readyForPickupEmail: true,
  openerMultiplier: 1,
  residentialMultiplier: 1,
  sectionalMultiplier: 1,
  commercialMultiplier: 1,
  version: 1,
  ...fields,
});
