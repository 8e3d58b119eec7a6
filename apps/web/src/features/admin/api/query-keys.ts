/** TanStack Query keys of the admin feature (company and e-mail settings, user accounts, sign-in security). */
export const adminKeys = {
  all: ['admin'] as const,
  emailConfig: () => [...adminKeys.all, 'email-config'] as const,
  companySettings: () => [...adminKeys.all, 'company-settings'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  throttles: () => [...adminKeys.all, 'throttles'] as const,
  securityEvents: () => [...adminKeys.all, 'security-events'] as const,
};
