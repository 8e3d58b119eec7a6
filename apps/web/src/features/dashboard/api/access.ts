import type { DashboardAccess } from '@desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../auth/api/get-session';
import { dashboardKeys } from './dashboard-keys';

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
