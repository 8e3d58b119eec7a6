/** TanStack Query keys of the admin feature (e-mail settings and user accounts). */
export const adminKeys = {
  all: ['admin'] as const,
  emailConfig: () => [...adminKeys.all, 'email-config'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
};
