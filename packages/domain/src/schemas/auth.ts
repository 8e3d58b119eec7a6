import { z } from 'zod';
import { ROLES } from '../constants.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../password-policy.js';

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;

export const usernameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(3, { error: 'must be at least 3 characters' })
  .max(64, { error: 'must be at most 64 characters' })
  .regex(USERNAME_PATTERN, { error: 'may hold only letters, digits and . _ @ -' });

/**
 * New passwords: long enough to resist guessing, short enough to hash cheaply. The rest of the
 * rule (common passwords, username, business name) is `passwordProblem`, checked by the server.
 */
export const newPasswordSchema = z
  .string({ error: 'is required' })
  // Lengths in UTF-16 units (what JSON Schema and OpenAPI show), then in characters.
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters`, abort: true })
  .max(2 * PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters`, abort: true })
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, {
    error: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
    abort: true,
  })
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, {
    error: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
  });

export const loginBodySchema = z.object({
  username: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(256),
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1024),
  /** The authenticator app's code (or a recovery code), when two-factor sign-in is on. */
  totp: z.string().trim().max(32, { error: 'is too long' }).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const modifyCredentialsBodySchema = z.object({
  username: usernameSchema,
  oldPassword: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1024),
  password: newPasswordSchema,
});
export type ModifyCredentialsBody = z.infer<typeof modifyCredentialsBodySchema>;

export const addUserBodySchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  admin: z.boolean().optional().default(false),
  /** A yard sign-in (ROLE_YARD: the Loaders only); an administrator is never one. */
  yard: z.boolean().optional().default(false),
});
export type AddUserBody = z.infer<typeof addUserBodySchema>;

/** DELETE /api/users/removeUser takes the username as the JSON body: "bob" or { "username": "bob" }. */
export const removeUserBodySchema = z
  .union([z.string(), z.object({ username: z.string() })], { error: 'must be a username' })
  .transform((v) => (typeof v === 'string' ? v : v.username).trim())
  .pipe(z.string().min(1, { error: 'is required' }).max(64));

/**
 * PUT /api/users/roles: the roles a user is to hold (an administrator's call). ROLE_ADMIN brings
 * ROLE_USER with it; the answer lists the roles held.
 */
export const setUserRolesBodySchema = z.object(
  {
    username: z
      .string({ error: 'username is required' })
      .trim()
      .min(1, { error: 'username is required' })
      .max(64, { error: 'username must be at most 64 characters' }),
    roles: z
      .array(z.enum(ROLES, { error: `Roles must be among ${ROLES.join(', ')}` }), {
        error: 'roles must be a list of roles',
      })
      .min(1, { error: 'Give the user at least one role' })
      .max(ROLES.length, { error: 'Name each role once' }),
  },
  { error: 'Send the username and the roles as a JSON object' },
);
export type SetUserRolesBody = z.infer<typeof setUserRolesBodySchema>;

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  authorities: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const sessionInfoSchema = z.object({
  username: z.string(),
  roles: z.array(z.string()),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/session/status: whether this browser is signed in, and as whom. */
export const sessionStatusSchema = z.union([
  z.object({ signedIn: z.literal(true), username: z.string(), roles: z.array(z.string()) }),
  z.object({ signedIn: z.literal(false) }),
]);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/**
 * A refused sign-in (401): data.mfaRequired when the password was right and the authenticator's
 * code is needed (or was wrong); data null for a wrong username or password.
 */
export const signInRefusedSchema = z.object({
  status: z.literal('FAILED'),
  data: z.object({ mfaRequired: z.literal(true) }).nullable(),
  message: z.string(),
});

/** GET /api/health. */
export const healthSchema = z.object({ healthy: z.literal(true) });

export const publicConfigSchema = z.object({
  companyName: z.string(),
  taxRate: z.number(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
