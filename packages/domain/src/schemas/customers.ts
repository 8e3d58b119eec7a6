import { z } from 'zod';
import { optionalText, requiredText } from './common.js';
import { flagSchema, multiplierFields, multiplierSchema, versionSchema } from './fields.js';

export const addressSchema = z
  .object({
    street: optionalText(200),
    city: optionalText(100),
    state: optionalText(50),
    zipCode: optionalText(20),
  })
  .nullish()
  .transform((a) => a ?? { street: null, city: null, state: null, zipCode: null });
/** An address as the server answers it (every part present, null when empty). */
export const addressOutputSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type Address = z.infer<typeof addressOutputSchema>;

const emailSchema = z
  .string()
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/.test(v), {
    error: 'must be an e-mail address',
  });

/** A customer's phone numbers: phone, fax and mobile, each `field` (at most 40 characters in a body). */
const phoneNumbers = <T extends z.ZodType>(field: () => T) => ({ phone: field(), fax: field(), mobilePhone: field() });

/** Body of customers/create and customers/update/{id}. Read-only fields (openOrders, id) are ignored. */
export const customerInputSchema = z.object({
  customerNo: optionalText(40),
  name: requiredText(200),
  contactName: optionalText(200),
  email: emailSchema,
  ...phoneNumbers(() => optionalText(40)),
  streetAddress: addressSchema,
  shipTo: addressSchema,
  specialNeeds: optionalText(2000),
  specialInstructions: optionalText(2000),
  taxCode: optionalText(40),
  termsCode: optionalText(40),
  useTax: flagSchema.optional().default(false),
  ...multiplierFields('', multiplierSchema.optional().default(1)),
  /** E-mail the customer when an order is placed in a bay. Left out: kept (a new customer: yes). */
  readyForPickupEmail: flagSchema.optional(),
  version: versionSchema,
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

/** A customer as the server answers it (customers/{id}, the list, create and update). */
export const customerSchema = z.object({
  id: z.number().int(),
  customerNo: z.string().nullable(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  ...phoneNumbers(() => z.string().nullable()),
  streetAddress: addressOutputSchema,
  shipTo: addressOutputSchema,
  specialNeeds: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  taxCode: z.string().nullable(),
  termsCode: z.string().nullable(),
  openOrders: z.number().int(),
  useTax: z.boolean(),
  ...multiplierFields('', z.number()),
  readyForPickupEmail: z.boolean(),
  version: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Columns of the customer list that take a contains filter and a sort. */
export const CUSTOMER_LIST_FIELDS = ['id', 'customerNo', 'name', 'contactName', 'openOrders'] as const;
