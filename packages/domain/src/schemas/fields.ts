import { z } from 'zod';
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

export const quantitySchema = wholeNumberFromDigits(1, 100_000, {
  type: 'must be a number',
  whole: 'must be a whole number',
  min: 'must be at least 1',
  max: 'must be at most 100,000',
});

export const versionSchema = z.number().int().min(1).optional();

/** Accepts true/false, and 0/1 as some clients send them. */
export const flagSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
