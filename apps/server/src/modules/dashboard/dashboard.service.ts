/**
 * The business at a glance (docs/architecture.md section 16): the week's questions of the owner,
 * answered by the database from the stored totals, for administrators and, when an administrator
 * allows it (the switch on the dashboard), for staff.
 */
import { dashboardPeriods, periodOf, type Dashboard, type DashboardAccess, type DashboardQuery } from '@desk/domain';
import { forbidden } from '../../lib/errors.js';
import { ClockedService } from '../../lib/service.js';
import { isAdmin } from '../../plugins/auth.js';
import type { SessionUser } from '../auth/session.service.js';
import * as repo from './dashboard.repository.js';
import { currentLoads } from '../loaders/loaders.repository.js';

export class DashboardService extends ClockedService {
  /** Administrators always; staff when an administrator has opened it to them. */
  async access(user: SessionUser): Promise<DashboardAccess> {
    const forStaff = await repo.dashboardForStaff(this.db);
    return { allowed: isAdmin(user) || forStaff, forStaff };
  }

  async setForStaff(forStaff: boolean, user: SessionUser): Promise<DashboardAccess> {
    await repo.setDashboardForStaff(this.db, forStaff, this.now());
    return this.access(user);
  }

  /** Throws 403 in words unless the user may open the dashboard. */
  async assertAllowed(user: SessionUser): Promise<void> {
    if (!(await this.access(user)).allowed)
      throw forbidden(
        'The dashboard is for administrators; an administrator can open it to staff with the "Staff can open the dashboard" switch at the top of the dashboard.',
      );
  }

  async dashboard(query: DashboardQuery, user: SessionUser): Promise<Dashboard> {
    await this.assertAllowed(user);
    const { from, to, bucket } = query;
    // The reads go out together (PostgreSQL runs them on pooled connections side by side).
    // Which orders are not sold (Cancelled) is read once for the three figures that need it.
    const cancelled = await repo.cancelledStatusIds(this.db);
    const [sales, quotes, openByStatus, loads, topCustomers, topProducts] = await Promise.all([
      repo.salesByDay(this.db, from, to, cancelled),
      repo.quotesSentAndWon(this.db, from, to),
      repo.openByStatus(this.db),
      currentLoads(this.db),
      repo.topCustomers(this.db, from, to, cancelled),
      repo.topProducts(this.db, from, to, cancelled),
    ]);
    // Every period of the range, those without orders at 0, so a chart's gaps are real; the
    // database's sums by day added up into the bucket's periods.
    const byPeriod = new Map(
      dashboardPeriods(from, to, bucket).map((period) => [
        period,
        { period, orders: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 },
      ]),
    );
    for (const day of sales) {
      const p = byPeriod.get(periodOf(day.day, bucket));
      if (!p) continue; // cannot happen: the range's days all fall in its periods
      p.orders += day.orders;
      p.subtotalCents += day.subtotalCents;
      p.taxCents += day.taxCents;
      p.totalCents += day.totalCents;
    }
    const now = this.clock();
    return {
      from,
      to,
      bucket,
      sales: [...byPeriod.values()],
      quotes: { ...quotes, conversion: quotes.sent ? quotes.won / quotes.sent : 0 },
      openByStatus,
      bays: loads.map((l) => ({
        bay: l.loading_bay!,
        orderId: l.id,
        customerName: l.customer_name,
        waitingMinutes: Math.max(0, Math.floor((now - Date.parse(l.since)) / 60_000)),
      })),
      topCustomers,
      topProducts,
    };
  }
}
