import { z } from 'zod';

/** A sign-in throttle counter as the administrators' Security tab lists it. */
export const throttleEntrySchema = z.object({
  key: z.string(),
  kind: z.enum(['address', 'address-username', 'username', 'password-check']),
  address: z.string().nullable(),
  username: z.string().nullable(),
  userId: z.number().int().nullable(),
  attempts: z.number().int(),
  failures: z.number().int(),
  windowStart: z.string(),
  lastFailureAt: z.string().nullable(),
  /** Seconds until it stops refusing; 0 when it refuses nothing now. */
  blockedForSeconds: z.number().int(),
});
export type ThrottleEntry = z.infer<typeof throttleEntrySchema>;

export const throttleKeyParamsSchema = z.object({
  key: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(400, { error: 'is too long' }),
});

/** What a throttle's kind means to an administrator. */
export const THROTTLE_KIND_LABELS: Record<ThrottleEntry['kind'], string> = {
  address: 'Address',
  'address-username': 'Address and username',
  username: 'Username (all addresses)',
  'password-check': 'Password checks',
};
