import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { wholeNumberFromDigits } from './common.js';

/** What keeps a change history (docs/architecture.md section 9). */
export const HISTORY_SUBJECTS = ['order', 'quote', 'customer', 'product', 'vendor-order'] as const;
export type HistorySubject = (typeof HISTORY_SUBJECTS)[number];

/**
 * What a change was. `field` names the header field (as the API names it) or the line ("line 2
 * (PKG-1607)"); `from` and `to` are the values as text, money as a plain decimal ("1620.00"),
 * switches as "yes"/"no", null where there was or is none.
 */
export const HISTORY_ACTIONS = [
  'created',
  'changed',
  'multipliers-refreshed',
  'line-added',
  'line-removed',
  'quantity-changed',
  'price-override',
  'modifier-applied',
  'modifier-changed',
  'modifier-removed',
  'sub-part-added',
  'sub-part-removed',
  'sub-part-notes',
  'duplicated',
  'copied-from',
  'revised',
  'revision-of',
  'exported',
  'exported-from',
  'bay-assigned',
  'bay-completed',
  'emailed',
  'bulk-price',
  'import',
  'received',
  'deleted',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const historyItemSchema = z.object({
  id: z.number().int(),
  /** ISO time of the change. */
  at: z.string(),
  /** Who made it (their username, kept if the user is removed later); null for the system. */
  user: z.string().nullable(),
  action: z.enum(HISTORY_ACTIONS),
  field: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** page and size as the lists take them; newest first. */
export const historyQuerySchema = z.object({
  page: wholeNumberFromDigits(1, 10_000_000, {
    type: 'Page must be a whole number from 1.',
    whole: 'Page must be a whole number from 1.',
    min: 'Page must be a whole number from 1.',
    max: 'Page must be a whole number from 1.',
  }).default(1),
  size: wholeNumberFromDigits(PAGE_SIZES[0], PAGE_SIZES.at(-1)!, {
    type: 'Size must be 10, 20 or 30.',
    whole: 'Size must be 10, 20 or 30.',
    min: 'Size must be 10, 20 or 30.',
    max: 'Size must be 10, 20 or 30.',
  })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Size must be 10, 20 or 30.')
    .default(PAGE_SIZES[0]),
});
