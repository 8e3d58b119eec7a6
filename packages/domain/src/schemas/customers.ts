import { z } from 'zod';
import { optionalText, requiredText } from './common.js';
import { flagSchema, multiplierSchema, versionSchema } from './fields.js';

export const addressSchema = z
  .object({
    street: optionalText(200),
    city: optionalText(100),
    state: optionalText(50),
    zipCode: optionalText(20),
  })
  .nullish()
  .transform((a) => a ?? { street: null, city: null, state: null, zipCode: null });
export type Address = { street: string | null; city: string | null; state: string | null; zipCode: string | null };

const emailSchema = z
  .string()
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/.test(v), {
    error: 'must be an e-mail address',
  });

/** Body of customers/create and customers/update/{id}. Read-only fields (openOrders, id) are ignored. */
export const customerInputSchema = z.object({
  customerNo: optionalText(40),
  name: requiredText(200),
  contactName: optionalText(200),
  email: emailSchema,
  phone: optionalText(40),
  fax: optionalText(40),
  mobilePhone: optionalText(40),
  streetAddress: addressSchema,
  shipTo: addressSchema,
  specialNeeds: optionalText(2000),
  specialInstructions: optionalText(2000),
  taxCode: optionalText(40),
  termsCode: optionalText(40),
  useTax: flagSchema.optional().default(false),
  openerMultiplier: multiplierSchema.optional().default(1),
  residentialMultiplier: multiplierSchema.optional().default(1),
  sectionalMultiplier: multiplierSchema.optional().default(1),
  commercialMultiplier: multiplierSchema.optional().default(1),
  version: versionSchema,
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

export interface Customer {
  id: number;
  customerNo: string | null;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  mobilePhone: string | null;
  streetAddress: Address;
  shipTo: Address;
  specialNeeds: string | null;
  specialInstructions: string | null;
  taxCode: string | null;
  termsCode: string | null;
  openOrders: number;
  useTax: boolean;
  openerMultiplier: number;
  residentialMultiplier: number;
  sectionalMultiplier: number;
  commercialMultiplier: number;
  version: number;
}

/** Columns of the customer list that take a contains filter and a sort. */
export const CUSTOMER_LIST_FIELDS = ['id', 'customerNo', 'name', 'contactName', 'openOrders'] as const;
