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

/** What the security log records (kept at least 90 days). */
export const SECURITY_EVENT_TYPES = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'sign-out',
  'signed-out-after-failures',
  'password-changed',
  'password-check-failed',
  'mfa-enabled',
  'mfa-disabled',
  'mfa-failed',
  'recovery-code-used',
  'user-added',
  'user-removed',
  'session-ended',
  'sessions-ended-by-admin',
  'throttle-cleared',
  'roles-changed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-throttled': 'Sign-in throttled',
  'sign-out': 'Signed out',
  'signed-out-after-failures': 'Signed out after wrong passwords',
  'password-changed': 'Password changed',
  'password-check-failed': 'Wrong old password',
  'mfa-enabled': 'Two-factor sign-in on',
  'mfa-disabled': 'Two-factor sign-in off',
  'mfa-failed': 'Wrong authentication code',
  'recovery-code-used': 'Recovery code used',
  'user-added': 'User added',
  'user-removed': 'User removed',
  'session-ended': 'Session ended',
  'sessions-ended-by-admin': 'Sessions ended by an administrator',
  'throttle-cleared': 'Throttle cleared',
  'roles-changed': 'Roles changed',
};

export const securityEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  type: z.enum(SECURITY_EVENT_TYPES),
  username: z.string().nullable(),
  actor: z.string().nullable(),
  address: z.string().nullable(),
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** Retention of the security log: at least 90 days; older events are swept. */
export const SECURITY_EVENT_RETENTION_DAYS = 180;

// Two-factor sign-in (TOTP)
export const TOTP_PATTERN = /^\d{6}$/;
/** Recovery codes: ten groups of characters a person can copy, e.g. 'k3v9q-7hx2m'. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

const codeField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(32, { error: 'is too long' });

export const mfaEnableBodySchema = z.object({ code: codeField });
export const mfaDisableBodySchema = z.object({
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1024),
  code: codeField,
});
export type MfaDisableBody = z.infer<typeof mfaDisableBodySchema>;

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaSetupSchema = z.object({
  otpauthUri: z.string(),
  secret: z.string(),
  /** The otpauth URI as a QR code, an SVG image as a data: URL. */
  qrDataUrl: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/** Two-factor sign-in turned on: the ten recovery codes, shown this once. */
export const mfaEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaEnabled = z.infer<typeof mfaEnabledSchema>;

/** An administrator ended a user's sessions: how many. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionIdParamsSchema = z.object({
  id: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'is not a session id' }),
});
