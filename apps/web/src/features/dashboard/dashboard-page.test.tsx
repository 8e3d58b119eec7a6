import { ROLE_ADMIN, ROLE_USER, type Dashboard } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, ok, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { csvCell, toCsv } from './figure-csv';

const FIGURES: Dashboard = {
  from: '2026-09-01',
  to: '2026-11-26',
  bucket: 'week',
  sales: [
    { period: '2026-11-16', orders: 3, subtotalCents: 123456, taxCents: 12037, totalCents: 135493 },
    { period: '2026-11-23', orders: 0, subtotalCents: 0, taxCents: 0, totalCents: 0 },
  ],
  quotes: { sent: 8, won: 3, conversion: 0.375 },
  openByStatus: [
    { status: 'Open', count: 5 },
    { status: 'Ready for Pickup', count: 2 },
  ],
  bays: [{ bay: 3, orderId: 1207, customerName: 'Hendricks Overhead Door', waitingMinutes: 95 }],
  topCustomers: [{ id: 4, name: '=Capitol Door & Dock', totalCents: 1350960 }],
  topProducts: [{ id: 9, name: 'PKG-1607-INS 16x7 insulated steel door', totalCents: 1382090 }],
};

function dashboardServer(opts: { admin: boolean; forStaff: boolean }) {
  const server = { forStaff: opts.forStaff, queries: [] as string[], puts: [] as unknown[] };
  const roles = opts.admin ? [ROLE_USER, ROLE_ADMIN] : [ROLE_USER];
  const fetchMock = stubApi({
    'GET /api/config': ok({ companyName: 'Acme Doors', taxRate: 0.0975 }),
    'GET /api/session/status': ok({ signedIn: true, username: 'ann', roles }),
    'GET /api/users/roles': ok(roles),
    'GET /api/dashboard/access': () => ok({ allowed: opts.admin || server.forStaff, forStaff: server.forStaff }),
    'PUT /api/dashboard/access': ({ body }) => {
      server.puts.push(JSON.parse(body ?? '{}'));
      server.forStaff = (JSON.parse(body ?? '{}') as { forStaff: boolean }).forStaff;
      return ok({ allowed: true, forStaff: server.forStaff });
    },
    'GET /api/dashboard': () =>
      opts.admin || server.forStaff ? ok(FIGURES) : failed(403, 'The dashboard is for administrators.'),
    'GET /api/orders/list/0': ok({ items: [], filtered: 0, total: 0, page: 1, size: 10 }),
    'GET /api/orders/list/pickup_ready': ok([]),
  });
  return { server, fetchMock };
}

const dashboardUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/dashboard?'));

describe('Dashboard page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('staff see the link only when an administrator has opened the dashboard to them', async () => {
    dashboardServer({ admin: false, forStaff: false });
    renderApp('/sales');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await nav.findByRole('link', { name: 'Sales' });
    await waitFor(() => expect(nav.queryByRole('link', { name: 'Account (ann)' })).toBeInTheDocument());
    expect(nav.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows each figure as a table, asks the server for the range chosen, and names the periods', async () => {
    const { fetchMock } = dashboardServer({ admin: false, forStaff: true });
    const user = userEvent.setup();
    renderApp('/sales');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await user.click(await nav.findByRole('link', { name: 'Dashboard' }));

    const sales = await screen.findByRole('region', { name: 'Sales by week: the numbers' });
    const rows = within(sales).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PeriodOrdersSubtotalTaxTotal',
      'Week of Nov 163$1,234.56$120.37$1,354.93',
      'Week of Nov 230$0.00$0.00$0.00',
    ]);
    expect(screen.getByRole('region', { name: 'In the bays now: the numbers' }).textContent).toContain('1 h 35 min');
    expect(screen.getByRole('region', { name: 'Quotes sent and won: the numbers' }).textContent).toContain('37.5%');
    // Each chart is an image that says what it shows.
    expect(
      await screen.findByRole('img', { name: /Order totals by week.*\$1,354\.93 in 3 orders/ }),
    ).toBeInTheDocument();
    // Staff do not see the administrators' switch.
    expect(screen.queryByRole('switch', { name: 'Staff can open the dashboard' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('By'), 'month');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(dashboardUrls(fetchMock).some((u) => u.includes('bucket=month'))).toBe(true));

    // A range that ends before it starts is not sent.
    const before = dashboardUrls(fetchMock).length;
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2020-01-01');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The To date must not be before the From date.',
    );
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dashboardUrls(fetchMock).length).toBe(before);
  });

  it('administrators open it to staff with the switch', async () => {
    const { server } = dashboardServer({ admin: true, forStaff: false });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Staff can open the dashboard' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(server.puts).toEqual([{ forStaff: true }]));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });
});

describe('the dashboard CSV', () => {
  it('keeps numbers, quotes what needs it and writes formula-like text as text', () => {
    expect(csvCell(1350960)).toBe('1350960');
    expect(csvCell('=Capitol Door & Dock')).toBe("'=Capitol Door & Dock");
    expect(csvCell('-12')).toBe("'-12");
    expect(csvCell('Door, "16x7"')).toBe('"Door, ""16x7"""');
    expect(toCsv(['Customer', 'Ordered'], [['=Capitol', 1350960]])).toBe(
      "\ufeffCustomer,Ordered\r\n'=Capitol,1350960\r\n",
    );
  });
});
