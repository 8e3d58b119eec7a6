/** TanStack Query keys of the signed-in user's own account (two-factor sign-in, sessions). */
export const accountKeys = {
  all: ['account'] as const,
  mfa: () => [...accountKeys.all, 'mfa'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};
