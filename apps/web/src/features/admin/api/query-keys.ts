/** TanStack Query keys of the admin feature (company and e-mail settings, user accounts, sign-in security). */
export const adminKeys = {
  all: ['admin'] as const,
  emailConfig: () => [...adminKeys.all, 'email-config'] as const,
  companySettings: () => [...adminKeys.all, 'company-settings'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  throttles: () => [...adminKeys.all, 'throttles'] as const,
  securityEvents: () => [...adminKeys.all, 'security-events'] as const,
};

/**
 * The settings forms' queries: a refetch with a newer version restarts the form, so never one
 * under the user's hands (window focus, reconnect).
 */
export const settingsFormQuery = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
