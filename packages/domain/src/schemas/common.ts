import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';

/** Every JSON answer of the API (docs/architecture.md section 6). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.enum(['OK', 'FAILED']),
    data,
    message: z.string(),
  });

/**
 * One refused field of a request: its name in the request ('phone', 'items.2.quantity') and what
 * is wrong with it in the rule's own words ('must be at least 12 characters.', or a sentence that
 * names the field when the rule does: 'Phone must be at most 40 characters.').
 */
export const fieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * A failed answer. A refusal of bad fields also lists them in `issues`, so a form can show each
 * beside its field; `message` says them all in one text, for a banner.
 */
export const failedEnvelopeSchema = z.object({
  status: z.literal('FAILED'),
  data: z.null(),
  message: z.string(),
  issues: z.array(fieldIssueSchema).optional(),
});
export type FailedEnvelope = z.infer<typeof failedEnvelopeSchema>;

export type Envelope<T> = { status: 'OK' | 'FAILED'; data: T; message: string };

/**
 * The envelope of a 2xx answer: ok(data, message) on the server. Every route's response schema
 * is one of these (docs/decisions/015-response-schemas.md).
 */
export const okEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal('OK'),
    data,
    message: z.string(),
  });

/** The data of an answer that carries none (deletes, sign-out): null. */
export const noDataSchema = z.null();

/** One page of a server-side paged list (docs/architecture.md section 6). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    filtered: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });

/** A list answered whole, or one page of it when page/size/sort/filters were asked for. */
export const listOrPageSchema = <T extends z.ZodType>(item: T) => z.union([z.array(item), pageSchema(item)]);

/**
 * Whole numbers come as JSON numbers, or as text in paths and bare ids: a string of decimal digits
 * reads as its number and nothing else converts (z.coerce would read true as 1, [5] as 5, '0x10'
 * as 16, '1e3' as 1000 and ' 7' as 7; those are refused instead).
 */
export const fromDigits = (v: unknown) => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v);

/** A whole number from `min` to `max`, given as a number or a string of digits, with its own messages. */
export const wholeNumberFromDigits = (
  min: number,
  max: number,
  errors: { type: string; whole: string; min: string; max: string },
) =>
  z.preprocess(
    fromDigits,
    z
      .number({ error: errors.type })
      .int({ error: errors.whole })
      .min(min, { error: errors.min })
      .max(max, { error: errors.max }),
  );

/** The largest id the databases hold (a 32-bit integer column). */
export const MAX_ID = 2_147_483_647;

/** A database id: a positive integer, given as a number or a string of digits (path parameters). */
export const idSchema = z.preprocess(
  fromDigits,
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a positive id' })
    .max(MAX_ID, { error: 'is too large' }),
);

/** An id with its own message ('must be an order id'), from a number or a string of digits. */
export const positiveId = (error: string) =>
  z.preprocess(
    fromDigits,
    z.number({ error }).int({ error }).positive({ error }).max(MAX_ID, { error: 'is too large' }),
  );

export const idParamsSchema = z.object({ id: idSchema });

/** A reference to another record: { id: 5 } or a bare 5. */
export const refSchema = z
  .union([z.object({ id: idSchema }).loose(), idSchema])
  .transform((v) => (typeof v === 'number' ? v : v.id));

/** Trimmed text with a length limit; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

export const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

/** Query parameters for server-side paged lists (docs/architecture.md section 6). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(10_000_000).optional(),
  size: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), { error: 'must be 10, 20 or 30' })
    .optional(),
  sort: z
    .string()
    .regex(/^-?[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be a field name, optionally prefixed by -' })
    .optional(),
});

export interface Page<T> {
  items: T[];
  filtered: number;
  total: number;
  page: number;
  size: number;
}
