import type { Dashboard } from '@desk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys, type DashboardRange } from './dashboard-keys';

export type { DashboardRange };

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
