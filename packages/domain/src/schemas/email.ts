import { z } from 'zod';
import { QUOTE_STATUSES } from './documents.js';

/** The company's placeholders, from the company settings: every e-mail may use them. */
const COMPANY_PLACEHOLDERS = {
  companyName: 'your company name',
  companyPhone: "your company's phone",
  companyEmail: "your company's e-mail address",
  companyAddress: "your company's address on one line",
  companyHours: 'your opening hours (Company settings)',
} as const;

/** The placeholders a subject or body may use, replaced when a document is e-mailed. */
export const EMAIL_PLACEHOLDERS = {
  customerName: "the customer's name",
  contactName: "the customer's contact name",
  jobName: 'the job name',
  documentNumber: 'the order or quote number',
  total: 'the total, e.g. $1,234.56',
  ...COMPANY_PLACEHOLDERS,
} as const;

/** The placeholders of the ready-for-pickup e-mail. */
export const READY_EMAIL_PLACEHOLDERS = {
  customerName: "the customer's name",
  contactName: "the customer's contact name",
  jobName: 'the job name',
  documentNumber: 'the order number',
  bay: 'the bay number (1 to 8)',
  ...COMPANY_PLACEHOLDERS,
} as const;

/**
 * The {...} in a template that its list does not know, each as written ('{jobNme}', '{ jobName }',
 * '{}'): the renderer would leave them in the e-mail as typed.
 */
export function unknownPlaceholders(template: string, known: Readonly<Record<string, string>>): string[] {
  const found = template.match(/\{[^{}\r\n]{0,60}\}/g) ?? [];
  return [...new Set(found.filter((m) => !Object.hasOwn(known, m.slice(1, -1))))];
}

/** Edits (insert, delete, change, swap case) from a to b, for the "did you mean" of a misspelling. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length]!;
}

/**
 * Why a template cannot be saved, in words that follow its field's name: "has an unknown
 * placeholder {jobNme} (did you mean {jobName}?); the known ones are {customerName}, ...".
 * Null when every placeholder is known.
 */
export function placeholderProblem(template: string, known: Readonly<Record<string, string>>): string | null {
  const unknown = unknownPlaceholders(template, known);
  if (unknown.length === 0) return null;
  const names = Object.keys(known);
  const list = names.map((n) => `{${n}}`).join(', ');
  if (unknown.length > 1) return `has unknown placeholders ${unknown.join(', ')}; the known ones are ${list}`;
  const inner = unknown[0]!.slice(1, -1).trim();
  const near = names.find(
    (n) => n.toLowerCase() === inner.toLowerCase() || (inner.length > 2 && distance(n, inner) <= 2),
  );
  const hint = near && `{${near}}` !== unknown[0] ? ` (did you mean {${near}}?)` : '';
  return `has an unknown placeholder ${unknown[0]}${hint}; the known ones are ${list}`;
}

const subject = (known: Readonly<Record<string, string>>) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(300, { error: 'must be at most 300 characters' })
    .refine((v) => !/[\r\n]/.test(v), { error: 'must be one line' })
    .superRefine((v, ctx) => placeholderCheck(v, known, ctx));

const body = (known: Readonly<Record<string, string>>) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(20_000, { error: 'must be at most 20,000 characters' })
    .superRefine((v, ctx) => placeholderCheck(v, known, ctx));

/** An unknown placeholder refuses the template (docs/product.md, Email Management). */
function placeholderCheck(v: string, known: Readonly<Record<string, string>>, ctx: z.RefinementCtx) {
  const problem = placeholderProblem(v, known);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** Body of POST /api/updateAutoEmailConfig. */
export const emailConfigSchema = z.object({
  quoteSubject: subject(EMAIL_PLACEHOLDERS),
  quoteBody: body(EMAIL_PLACEHOLDERS),
  orderSubject: subject(EMAIL_PLACEHOLDERS),
  orderBody: body(EMAIL_PLACEHOLDERS),
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
  readySubject: subject(READY_EMAIL_PLACEHOLDERS).optional(),
  readyBody: body(READY_EMAIL_PLACEHOLDERS).optional(),
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
  /** The copies (Send Email's Cc), ', '-separated; null when none. */
  cc: z.string().nullable(),
  bcc: z.string().nullable(),
  subject: z.string(),
  /** A quote's status once sent (a Draft is now Sent); null for an order. */
  status: z.enum(QUOTE_STATUSES).nullable(),
});
export type EmailSent = z.infer<typeof emailSentSchema>;

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
  /** The copies (Send Email's Cc), ', '-separated; null when none. */
  cc: z.string().nullable(),
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
