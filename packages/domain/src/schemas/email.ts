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
  /**
   * The ready-for-pickup e-mail: sent (when on) as an order becomes a bay's current load. Left
   * out of a save: kept as saved (a client that knows only the document e-mails changes nothing).
   */
  readyForPickupEmail: z.boolean().optional(),
  readySubject: subject('the subject').optional(),
  readyBody: body.optional(),
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
  readyForPickupEmail: z.boolean(),
  readySubject: z.string(),
  readyBody: z.string(),
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

/** The placeholders of the ready-for-pickup e-mail. */
export const READY_EMAIL_PLACEHOLDERS = {
  customerName: "the customer's name",
  contactName: "the customer's contact name",
  jobName: 'the job name',
  documentNumber: 'the order number',
  bay: 'the bay number (1 to 8)',
  companyName: 'your company name',
  companyPhone: "your company's phone",
  companyEmail: "your company's e-mail address",
  companyAddress: "your company's address on one line",
  companyHours: 'your opening hours (Company settings)',
} as const;

/** Replaces each {name} the values know; an unknown {name} stays as written. */
export function fillTemplate<K extends string>(template: string, values: Record<K, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (Object.hasOwn(values, key) ? values[key as K] : m));
}

/**
 * Where an e-mail sent for a document is: waiting (and retried), accepted by the mail server, given
 * up, or withdrawn before it went (a ready-for-pickup e-mail whose order left its bay first).
 */
export const EMAIL_STATES = ['queued', 'sent', 'failed', 'withdrawn'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** One e-mail sent (or being sent) for a document: GET /api/orders/{id}/emails and /api/quotes/{id}/emails. */
export const documentEmailSchema = z.object({
  id: z.number().int(),
  /** When it was asked for (ISO time). */
  at: z.string(),
  /** Who asked for it (the clerk who sent it or placed the order in a bay); null when unknown. */
  user: z.string().nullable(),
  purpose: z.enum(['document', 'ready-for-pickup']),
  to: z.string(),
  subject: z.string(),
  state: z.enum(EMAIL_STATES),
  attempts: z.number().int(),
  /** When the mail server accepted it. */
  sentAt: z.string().nullable(),
  /** For a queued e-mail: when it is tried next. */
  nextAttemptAt: z.string().nullable(),
  /** Why the last attempt failed (a queued e-mail that is retried, or a failed one). */
  error: z.string().nullable(),
});
export type DocumentEmail = z.infer<typeof documentEmailSchema>;
export const documentEmailsSchema = z.object({ items: z.array(documentEmailSchema) });
