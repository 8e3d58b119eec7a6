import type { Dashboard, DashboardAccess, DashboardBucket } from '@desk/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../auth/api/get-session';

export interface DashboardRange {
  from: string;
  to: string;
  bucket: DashboardBucket;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (r: DashboardRange) => ['dashboard', 'figures', r.from, r.to, r.bucket] as const,
  access: () => ['dashboard', 'access'] as const,
};

/** GET /api/dashboard: the figures of a range, computed by the server (docs/architecture.md section 16). */
export function getDashboard(r: DashboardRange, signal?: AbortSignal): Promise<Dashboard> {
  const query = new URLSearchParams({ from: r.from, to: r.to, bucket: r.bucket });
  return api.get<Dashboard>(`/api/dashboard?${query}`, { signal });
}

export function useDashboard(r: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.figures(r),
    queryFn: ({ signal }) => getDashboard(r, signal),
    // A new range keeps the last figures on screen until its own arrive (no jump to a spinner).
    placeholderData: keepPreviousData,
  });
}

/** GET /api/dashboard/access: whether this user may open the dashboard (the top bar asks). */
export function useDashboardAccess(enabled = true) {
  const signedIn = Boolean(useSession().data);
  return useQuery({
    queryKey: dashboardKeys.access(),
    queryFn: ({ signal }) => api.get<DashboardAccess>('/api/dashboard/access', { signal }),
    enabled: signedIn && enabled,
    staleTime: 5 * 60_000,
  });
}

/** PUT /api/dashboard/access (administrators): open the dashboard to staff, or close it. */
export function useSetDashboardForStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (forStaff: boolean) => api.put<DashboardAccess>('/api/dashboard/access', { forStaff }),
    onSuccess: (answer) => queryClient.setQueryData(dashboardKeys.access(), answer),
  });
}
