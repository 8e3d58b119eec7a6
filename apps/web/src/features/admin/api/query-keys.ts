import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

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

/** A settings form's stored values (company, e-mail), with the version a save must quote back. */
export function useSettingsQuery<T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => read(signal), ...settingsFormQuery });
}

/**
 * Saves a settings form; the server's answer (with its new version) replaces the stored values,
 * so the form goes on from what was saved. `also` runs after, for what else shows the settings.
 */
export function useSaveSettings<Input, Saved>(
  queryKey: QueryKey,
  save: (input: Input) => Promise<Saved>,
  also?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      also?.();
    },
  });
}
