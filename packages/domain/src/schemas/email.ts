import { z } from 'zod';

const subject = (name: string) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(300, { error: 'must be at most 300 characters' })
    .refine((v) => !/[\r\n]/.test(v), { error: `${name} must be one line` });

const body = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(20_000, { error: 'must be at most 20,000 characters' });

/** Body of POST /api/updateAutoEmailConfig. */
export const emailConfigSchema = z.object({
  quoteSubject: subject('the subject'),
  quoteBody: body,
  orderSubject: subject('the subject'),
  orderBody: body,
  emailForward: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/.test(v), {
      error: 'must be an e-mail address',
    }),
  version: z.number().int().min(1).optional(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

/** The e-mail settings as stored: the server always sends the version a save must quote back. */
export const storedEmailConfigSchema = z.object({
  quoteSubject: z.string(),
  quoteBody: z.string(),
  orderSubject: z.string(),
  orderBody: z.string(),
  emailForward: z.string().nullable(),
  version: z.number().int(),
});
export type StoredEmailConfig = z.infer<typeof storedEmailConfigSchema>;

/** Send Email: what was sent, to whom. */
export const emailSentSchema = z.object({
  messageId: z.string(),
  to: z.string(),
  bcc: z.string().nullable(),
  subject: z.string(),
});
export type EmailSent = z.infer<typeof emailSentSchema>;

/** The placeholders a subject or body may use, replaced when a document is e-mailed. */
export const EMAIL_PLACEHOLDERS = {
  customerName: "the customer's name",
  contactName: "the customer's contact name",
  jobName: 'the job name',
  documentNumber: 'the order or quote number',
  total: 'the total, e.g. $1,234.56',
  companyName: 'your company name',
  companyPhone: "your company's phone",
  companyEmail: "your company's e-mail address",
  companyAddress: "your company's address on one line",
} as const;

export function fillTemplate(template: string, values: Record<keyof typeof EMAIL_PLACEHOLDERS, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? values[key as keyof typeof values] : m));
}
