import { z } from 'zod';

/**
 * The letterhead: the business's name, address, phone and e-mail, printed on every PDF and used
 * in the e-mail placeholders, plus the quote validity and the terms printed on documents.
 * Every message names its field in plain words ('Phone must be at most 40 characters'), so the
 * server can answer it as is and the admin form can show it next to the field.
 */
export const COMPANY_SETTINGS_LABELS = {
  name: 'Company name',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  phone: 'Phone',
  email: 'E-mail',
  quoteValidityDays: 'Quote validity',
  terms: 'Terms',
  hours: 'Opening hours',
  priceLooseParts: 'Price loose parts',
} as const;
export type CompanySettingsField = keyof typeof COMPANY_SETTINGS_LABELS;

const L = COMPANY_SETTINGS_LABELS;

/** Optional one-line text: trimmed, empty becomes null. */
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !/[\r\n]/.test(v), { error: `${label} must be one line` })
    .nullish()
    .transform((v) => (v ? v : null));

/** The letterhead's address, phone and e-mail lines, and the most characters each holds. */
const LETTERHEAD_LINES = { street: 200, city: 100, state: 50, zip: 20, phone: 40, email: 254 } as const;
type LetterheadLine = keyof typeof LETTERHEAD_LINES;

/** The letterhead lines, in their order, each as `field` makes it (the body's rule, the stored value). */
const letterheadLines = <T extends z.ZodType>(field: (key: LetterheadLine, max: number) => T) =>
  Object.fromEntries(
    Object.entries(LETTERHEAD_LINES).map(([key, max]) => [key, field(key as LetterheadLine, max)]),
  ) as Record<LetterheadLine, T>;

const letterheadInput = letterheadLines((key, max) => line(L[key], max));

export const MAX_QUOTE_VALIDITY_DAYS = 3650;

/** Body of PUT /api/settings/company. */
export const companySettingsSchema = z.object(
  {
    name: z
      .string({ error: `${L.name} is required` })
      .trim()
      .min(1, { error: `${L.name} is required` })
      .max(120, { error: `${L.name} must be at most 120 characters` })
      .refine((v) => !/[\r\n]/.test(v), { error: `${L.name} must be one line` }),
    ...letterheadInput,
    email: letterheadInput.email.refine(
      (v) => v === null || /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/.test(v),
      { error: `${L.email} must be an e-mail address, e.g. sales@example.com` },
    ),
    // A whole number of days; empty (null, or '' from a cleared form field) means no validity printed.
    quoteValidityDays: z
      .union(
        [
          z.literal(''),
          z.null(),
          z.undefined(),
          z.number({ error: `${L.quoteValidityDays} must be a number of days` }),
        ],
        {
          error: `${L.quoteValidityDays} must be a number of days`,
        },
      )
      .transform((v) => (v === '' || v === null || v === undefined ? null : v))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= MAX_QUOTE_VALIDITY_DAYS), {
        error: `${L.quoteValidityDays} must be a whole number of days from 1 to ${MAX_QUOTE_VALIDITY_DAYS}, or empty`,
      }),
    terms: z
      .string({ error: `${L.terms} must be text` })
      .trim()
      .max(4000, { error: `${L.terms} must be at most 4,000 characters` })
      .nullish()
      .transform((v) => (v ? v : null)),
    // For the ready-for-pickup e-mail ('Mon-Fri 7:00-4:30, Sat 8:00-12:00'). Left out: kept as saved.
    hours: line(L.hours, 200).optional(),
    // Prices a plain part line as wholesale x the customer's multiplier on the documents made from
    // then on (docs/decisions/028). Left out: kept as saved.
    priceLooseParts: z.boolean({ error: `${L.priceLooseParts} must be on or off` }).optional(),
    version: z.number({ error: 'version must be a number' }).int().min(1).optional(),
  },
  { error: 'Send the company settings as a JSON object' },
);
export type CompanySettingsInput = z.input<typeof companySettingsSchema>;
export type CompanySettingsUpdate = z.infer<typeof companySettingsSchema>;

/** The settings as stored (GET /api/settings/company and the answer of a save). */
export const companySettingsOutputSchema = z.object({
  name: z.string(),
  ...letterheadLines(() => z.string().nullable()),
  quoteValidityDays: z.number().int().nullable(),
  terms: z.string().nullable(),
  hours: z.string().nullable(),
  /** New orders and quotes price plain part lines (docs/decisions/028); off by default. */
  priceLooseParts: z.boolean(),
  version: z.number().int(),
});
export type CompanySettings = z.infer<typeof companySettingsOutputSchema>;

/** The letterhead before an administrator saves one: the configured name and nothing else. */
export const defaultCompanySettings = (name: string): CompanySettings => ({
  name,
  street: null,
  city: null,
  state: null,
  zip: null,
  phone: null,
  email: null,
  quoteValidityDays: null,
  terms: null,
  hours: null,
  priceLooseParts: false,
  version: 1,
});

/** 'City, ST 12345' from its parts, leaving out what is missing. */
export function cityLine(s: Pick<CompanySettings, 'city' | 'state' | 'zip'>): string {
  return [s.city, [s.state, s.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The address on one line: '1200 Industrial Way, Sacramento, CA 95815' (empty when none is set). */
export function companyAddress(s: Pick<CompanySettings, 'street' | 'city' | 'state' | 'zip'>): string {
  return [s.street, cityLine(s)].filter(Boolean).join(', ');
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
