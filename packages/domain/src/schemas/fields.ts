import { z } from 'zod';
import type { MultiplierKey } from '../constants.js';
import { decimalPlaces } from '../money.js';
import { wholeNumberFromDigits } from './common.js';

/** A number from 0 to `max` with at most `places` decimals. */
const decimalUpTo = (max: number, places: number) =>
  z
    .number({ error: 'must be a number' })
    .finite({ error: 'must be a finite number' })
    .min(0, { error: 'must not be negative' })
    .max(max, { error: `must be at most ${max.toLocaleString('en-US')}` })
    .refine((v) => decimalPlaces(v) <= places, { error: `must have at most ${places} decimals` });

/** Dollars with at most two decimals, 0 to 10,000,000 (stored as cents). */
export const moneySchema = decimalUpTo(10_000_000, 2);

/** A price multiplier: 0 to 100 with at most 4 decimals (1 = list price). */
export const multiplierSchema = decimalUpTo(100, 4);

/** The most of one product a line (or a sub-part) may hold: the cart's inline check and the server's alike. */
export const QUANTITY_MAX = 100_000;

/** The quantity rule in the clerk's words, for the inline checks. */
export const QUANTITY_HINT = `Enter a whole number from 1 to ${QUANTITY_MAX.toLocaleString('en-US')}.`;

/** Whether a typed quantity passes the rule the server applies (quantitySchema). */
export const isValidQuantity = (value: number) => Number.isInteger(value) && value >= 1 && value <= QUANTITY_MAX;

export const quantitySchema = wholeNumberFromDigits(1, QUANTITY_MAX, {
  type: 'must be a number',
  whole: 'must be a whole number',
  min: 'must be at least 1',
  max: `must be at most ${QUANTITY_MAX.toLocaleString('en-US')}`,
});

/** A price override: dollars and cents, never negative (the clerk is told so in those words). */
export const priceOverrideAmountSchema = z
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a finite number' })
  .min(0, { error: 'cannot be negative' })
  .max(10_000_000, { error: 'must be at most 10,000,000' })
  .refine((v) => decimalPlaces(v) <= 2, { error: 'must have at most 2 decimals' });

export const versionSchema = z.number().int().min(1).optional();

/** Accepts true/false, and 0/1 as some clients send them. */
export const flagSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/**
 * The four multipliers under the names a record gives them, each `field`, in the order the API
 * lists them: a customer's own (`openerMultiplier`, suffix '') and a document's copies of them
 * (`openerMultiplierCopy`, suffix 'Copy'); see MultiplierKey in constants.ts.
 */
export const multiplierFields = <S extends '' | 'Copy', T extends z.ZodType>(suffix: S, field: T) =>
  ({
    [`openerMultiplier${suffix}`]: field,
    [`residentialMultiplier${suffix}`]: field,
    [`sectionalMultiplier${suffix}`]: field,
    [`commercialMultiplier${suffix}`]: field,
  }) as { [K in `${MultiplierKey}Multiplier${S}`]: T };
