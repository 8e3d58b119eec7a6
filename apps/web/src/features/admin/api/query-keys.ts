/** TanStack Query keys of the admin feature (e-mail settings, user accounts, sign-in security). */
export const adminKeys = {
  all: ['admin'] as const,
  emailConfig: () => [...adminKeys.all, 'email-config'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  throttles: () => [...adminKeys.all, 'throttles'] as const,
};
