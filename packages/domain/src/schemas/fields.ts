import { z } from 'zod';
import { decimalPlaces } from '../money.js';
import { fromDigits } from './common.js';

/** Dollars with at most two decimals, 0 to 10,000,000 (stored as cents). */
export const moneySchema = z
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a finite number' })
  .min(0, { error: 'must not be negative' })
  .max(10_000_000, { error: 'must be at most 10,000,000' })
  .refine((v) => decimalPlaces(v) <= 2, { error: 'must have at most 2 decimals' });

/** A price multiplier: 0 to 100 with at most 4 decimals (1 = list price). */
export const multiplierSchema = z
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a finite number' })
  .min(0, { error: 'must not be negative' })
  .max(100, { error: 'must be at most 100' })
  .refine((v) => decimalPlaces(v) <= 4, { error: 'must have at most 4 decimals' });

export const quantitySchema = z.preprocess(
  fromDigits,
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100,000' }),
);

export const versionSchema = z.number().int().min(1).optional();

/** Accepts true/false, and 0/1 as some clients send them. */
export const flagSchema = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
