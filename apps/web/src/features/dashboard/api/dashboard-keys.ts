import type { DashboardBucket } from '@desk/domain';

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
