import type { PublicConfig } from '@desk/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const publicConfigQueryKey = ['config'] as const;

/** GET /api/config: what the signed-out pages need (company name, tax rate). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config', signal ? { signal } : {});
}

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    // Shown before sign-in, so kept when a user signs out.
    meta: { public: true },
  });
}

/** The company name for the top bar; empty until the configuration has loaded. */
export function useCompanyName(): string {
  return usePublicConfig().data?.companyName ?? '';
}
