import { z } from 'zod';

/**
 * Send Email's dialog (docs/product.md, "Send Email"): the recipient (the customer's e-mail unless
 * the clerk changes it), copies (Cc) and a note put above the template's body. Addresses are one
 * plain address each: no spaces, line breaks, brackets, commas or quotes, so nothing typed here
 * can add a header to the message.
 */
export const SEND_EMAIL_LIMITS = { note: 2000, cc: 5 } as const;

const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

export const isEmailAddress = (v: string) => v.length <= 254 && ADDRESS.test(v);

/** The recipient: one address. */
export const sendToSchema = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .min(1, { error: 'is required' })
  .refine(isEmailAddress, { error: 'must be one e-mail address, such as name@example.com' });

/** Copies: addresses separated by commas, semicolons or spaces; answered as a list. */
export const sendCcSchema = z
  .string({ error: 'must be e-mail addresses separated by commas' })
  .max(2000, { error: 'is too long' })
  .transform((v) => [...new Set(v.split(/[,;\s]+/).filter(Boolean))])
  .superRefine((list, ctx) => {
    const bad = list.filter((a) => !isEmailAddress(a));
    if (bad.length)
      ctx.addIssue({
        code: 'custom',
        message: `must be e-mail addresses separated by commas; ${bad
          .slice(0, 3)
          .map((a) => `'${a.slice(0, 60)}'`)
          .join(', ')} ${bad.length === 1 ? 'is not one' : 'are not'}`,
      });
    else if (list.length > SEND_EMAIL_LIMITS.cc)
      ctx.addIssue({ code: 'custom', message: `may name at most ${SEND_EMAIL_LIMITS.cc} addresses` });
  });

/** The note: put above the template's body; at most 2,000 characters. */
export const sendNoteSchema = z
  .string({ error: 'must be text' })
  .max(SEND_EMAIL_LIMITS.note, {
    error: `must be at most ${SEND_EMAIL_LIMITS.note.toLocaleString('en-US')} characters`,
  })
  .transform((v) => v.trim());

/** The dialog's fields, as the browser checks them before sending. */
export const sendEmailFormSchema = z.object({ to: sendToSchema, cc: sendCcSchema, note: sendNoteSchema });

/**
 * Body of send-email{Order|Quote}/{id}. The older fields (orderId, fileName, customerID, prices)
 * are accepted and ignored; prices are never trusted. Without `to`, the customer's own address.
 */
export const sendEmailInputSchema = z
  .object({
    noPricePrint: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 1)),
    to: sendToSchema.optional(),
    cc: sendCcSchema.optional(),
    note: sendNoteSchema.optional(),
  })
  .loose()
  .optional()
  .transform((v) => ({
    noPricePrint: v?.noPricePrint,
    to: v?.to,
    cc: v?.cc ?? [],
    note: v?.note || null,
  }));
export type SendEmailInput = z.infer<typeof sendEmailInputSchema>;
