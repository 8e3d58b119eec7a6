/**
 * The business at a glance (docs/architecture.md section 16): what was sold, what is quoted and
 * won, what is open, who is waiting in the yard, and the best customers and products, for a
 * range of dates. Every figure is the server's (GET /api/dashboard); each chart has its numbers
 * as a table beside it and a CSV of them.
 */
import { addDays, MAX_DASHBOARD_PERIODS, type Dashboard, type DashboardBucket } from '@desk/domain';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { Loading } from '../../components/ui/loading';
import { LoadErrorBanner } from '../../components/ui/load-error-banner';
import { PageCard } from '../../components/ui/page-card';
import { dayText, monthText } from '../../lib/dates';
import { formatCurrencyCents as money, formatMoneyShort as moneyTick } from '../../lib/money';
import { hasAdminRole, useUserRoles } from '../auth/api/get-user-roles';
import { useDashboardAccess, useSetDashboardForStaff } from './api/access';
import { useDashboard, type DashboardRange } from './api/dashboard';
import type { DashboardChartProps } from './dashboard-chart';
import { downloadCsv, toCsv, type CsvCell } from './figure-csv';
import './dashboard.css';

// Chart.js loads after the page: the figures' tables paint first, each chart fills its reserved
// box when its chunk arrives (nothing moves).
const LazyChart = lazy(() => import('./dashboard-chart').then((m) => ({ default: m.DashboardChart })));
function DashboardChart(props: DashboardChartProps) {
  return (
    <Suspense fallback={<div className="dashboard-chart" style={{ height: props.height }} aria-hidden="true" />}>
      <LazyChart {...props} />
    </Suspense>
  );
}

const count = (n: number) => String(n);
function minutes(m: number): string {
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${m % 60} min`;
  return `${Math.floor(m / 1440)} d ${Math.floor((m % 1440) / 60)} h`;
}
/** Axis ticks of a wait: 45m, 5h, 3d. */
const waitTick = (m: number) => (m < 60 ? `${m}m` : m < 1440 ? `${Math.round(m / 60)}h` : `${Math.round(m / 1440)}d`);
const percent = (f: number) => `${Math.round(f * 1000) / 10}%`;

/** How a period reads: "Nov 3", "Week of Nov 3", "Nov 2026". */
function periodLabel(period: string, bucket: DashboardBucket): string {
  if (bucket === 'month') return monthText(period);
  return bucket === 'week' ? `Week of ${dayText(period)}` : dayText(period);
}

function todayIso(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The quick ranges: the last 12 weeks by week, this month by day, this year by month. */
function presets(today: string): Array<{ name: string; range: DashboardRange }> {
  return [
    { name: 'Last 12 weeks', range: { from: addDays(today, -83), to: today, bucket: 'week' } },
    { name: 'This month', range: { from: `${today.slice(0, 7)}-01`, to: today, bucket: 'day' } },
    { name: 'This year', range: { from: `${today.slice(0, 4)}-01-01`, to: today, bucket: 'month' } },
  ];
}

interface FigureProps {
  title: string;
  /** The chart, or the figures in large type. */
  children: ReactNode;
  /** The CSV's column names. */
  header: string[];
  /** The table's, when they read otherwise (the CSV keeps raw numbers, the table words). */
  tableHeader?: string[];
  rows: CsvCell[][];
  /** How each cell reads in the table (the CSV keeps the raw numbers). */
  cells: (row: CsvCell[]) => ReactNode[];
  fileName: string;
  empty: string;
}

/** A card: the chart, its numbers as a table, and a CSV of the numbers. */
function Figure({ title, children, header, tableHeader = header, rows, cells, fileName, empty }: FigureProps) {
  const id = useId();
  return (
    <Card className="dashboard-figure h-100" as="section" aria-labelledby={id}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 id={id} className="h6 mb-0">
          {title}
        </h2>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(fileName, toCsv(header, rows))}
          aria-label={`Download ${title} as CSV`}
        >
          CSV
        </Button>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? <p className="text-body-secondary small mb-0">{empty}</p> : children}
        {rows.length > 0 && (
          <div className="dashboard-table" tabIndex={0} role="region" aria-label={`${title}: the numbers`}>
            <Table size="sm" className="mb-0">
              <thead>
                <tr>
                  {tableHeader.map((h, i) => (
                    <th key={h} scope="col" className={i > 0 ? 'text-end' : undefined}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i}>
                    {cells(r).map((c, j) => (
                      <td key={j} className={j > 0 ? 'text-end' : undefined}>
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** The two rankings: what each ranks, and how a name reads beside its bar. */
const RANKINGS = {
  customers: { column: 'Customer', empty: 'No orders in this range.', barLabel: (name: string) => name },
  // The item number: a whole description does not fit beside a bar.
  products: {
    column: 'Product',
    empty: 'No priced lines in this range.',
    barLabel: (name: string) => name.split(' ')[0]!,
  },
};

/** A ranking (the top customers, the top products): what was ordered, a bar across for each. */
function TopFigure({ data, ranks }: { data: Dashboard; ranks: keyof typeof RANKINGS }) {
  const { column, empty, barLabel } = RANKINGS[ranks];
  const top = ranks === 'customers' ? data.topCustomers : data.topProducts;
  return (
    <Figure
      title={`Top ${ranks}`}
      header={[column, 'Ordered']}
      rows={top.map((t) => [t.name, t.totalCents])}
      cells={(r) => [r[0], money(Number(r[1]))]}
      fileName={`top-${ranks}-${data.from}-to-${data.to}.csv`}
      empty={empty}
    >
      <DashboardChart
        label={`The ${top.length} ${ranks} with the most ordered, ${data.from} to ${data.to}`}
        labels={top.map((t) => barLabel(t.name))}
        values={top.map((t) => t.totalCents)}
        horizontal
        format={moneyTick}
        height={40 + 24 * top.length}
      />
    </Figure>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const span = `${data.from}-to-${data.to}`;
  const sold = data.sales.reduce((t, s) => ({ orders: t.orders + s.orders, total: t.total + s.totalCents }), {
    orders: 0,
    total: 0,
  });
  const bucketWord = data.bucket === 'day' ? 'day' : data.bucket === 'week' ? 'week' : 'month';
  return (
    <Row className="g-3">
      <Col lg={7} xl={8}>
        <Figure
          title={`Sales by ${bucketWord}`}
          header={['Period', 'Orders', 'Subtotal', 'Tax', 'Total']}
          rows={data.sales.map((s) => [s.period, s.orders, s.subtotalCents, s.taxCents, s.totalCents])}
          cells={(r) => [
            periodLabel(String(r[0]), data.bucket),
            r[1],
            money(Number(r[2])),
            money(Number(r[3])),
            money(Number(r[4])),
          ]}
          fileName={`sales-by-${bucketWord}-${span}.csv`}
          empty="No periods in this range."
        >
          <p className="small text-body-secondary mb-2">
            {sold.orders} orders, {money(sold.total)} with tax; cancelled orders are left out.
          </p>
          <DashboardChart
            label={`Order totals by ${bucketWord}, ${data.from} to ${data.to}: ${money(sold.total)} in ${sold.orders} orders`}
            labels={data.sales.map((s) => periodLabel(s.period, data.bucket))}
            values={data.sales.map((s) => s.totalCents)}
            format={moneyTick}
            height={240}
          />
        </Figure>
      </Col>
      <Col lg={5} xl={4}>
        <Figure
          title="Quotes sent and won"
          header={['Figure', 'Value']}
          rows={[
            ['Sent', data.quotes.sent],
            ['Won', data.quotes.won],
            ['Conversion', data.quotes.conversion],
          ]}
          cells={(r) => [r[0], r[0] === 'Conversion' ? percent(Number(r[1])) : r[1]]}
          fileName={`quotes-${span}.csv`}
          empty=""
        >
          <div className="dashboard-big d-flex gap-4 mb-3">
            <div>
              <div className="dashboard-big-number">{data.quotes.sent}</div>
              <div className="small text-body-secondary">sent</div>
            </div>
            <div>
              <div className="dashboard-big-number">{data.quotes.won}</div>
              <div className="small text-body-secondary">won</div>
            </div>
            <div>
              <div className="dashboard-big-number">{percent(data.quotes.conversion)}</div>
              <div className="small text-body-secondary">conversion</div>
            </div>
          </div>
          <p className="small text-body-secondary mb-2">
            Quotes first sent in the range (a quote and its revisions count once), and how many of them were won.
          </p>
        </Figure>
      </Col>
      <Col lg={6}>
        <Figure
          title="Open orders by status"
          header={['Status', 'Orders']}
          rows={data.openByStatus.map((s) => [s.status, s.count])}
          cells={(r) => r}
          fileName="open-orders-by-status.csv"
          empty="No open statuses."
        >
          <DashboardChart
            label={`Open orders now: ${data.openByStatus.map((s) => `${s.status} ${s.count}`).join(', ')}`}
            labels={data.openByStatus.map((s) => s.status)}
            values={data.openByStatus.map((s) => s.count)}
            horizontal
            format={count}
            height={160}
          />
        </Figure>
      </Col>
      <Col lg={6}>
        <Figure
          title="In the bays now"
          header={['Bay', 'Order', 'Customer', 'Waiting (minutes)']}
          tableHeader={['Bay', 'Order', 'Customer', 'Waiting']}
          rows={data.bays.map((b) => [b.bay, b.orderId, b.customerName, b.waitingMinutes])}
          cells={(r) => [`Bay ${r[0]}`, r[1], r[2], minutes(Number(r[3]))]}
          fileName="bays-now.csv"
          empty="No bay has a current load."
        >
          <DashboardChart
            label={`Minutes waited in each bay: ${data.bays.map((b) => `bay ${b.bay} ${b.waitingMinutes}`).join(', ')}`}
            labels={data.bays.map((b) => `Bay ${b.bay}`)}
            values={data.bays.map((b) => b.waitingMinutes)}
            horizontal
            format={waitTick}
            height={40 + 24 * data.bays.length}
          />
        </Figure>
      </Col>
      <Col lg={6}>
        <TopFigure data={data} ranks="customers" />
      </Col>
      <Col lg={6}>
        <TopFigure data={data} ranks="products" />
      </Col>
    </Row>
  );
}

/** One end of the range being chosen (From, To). */
function RangeDate({
  end,
  label,
  draft,
  onChange,
  max,
}: {
  end: 'from' | 'to';
  label: string;
  draft: DashboardRange;
  onChange: (range: DashboardRange) => void;
  max?: string;
}) {
  return (
    <Form.Group controlId={`dashboard-${end}`}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        type="date"
        size="sm"
        value={draft[end]}
        max={max}
        onChange={(e) => onChange({ ...draft, [end]: e.currentTarget.value })}
      />
    </Form.Group>
  );
}

/** Administrators: whether staff may open this page too. */
function StaffSwitch() {
  const access = useDashboardAccess();
  const set = useSetDashboardForStaff();
  if (!access.data) return null;
  return (
    <Form.Check
      type="switch"
      id="dashboard-for-staff"
      role="switch"
      className="mb-0"
      label="Staff can open the dashboard"
      checked={access.data.forStaff}
      disabled={set.isPending}
      onChange={(e) => set.mutate(e.currentTarget.checked)}
    />
  );
}

export function DashboardPage() {
  const today = todayIso();
  const quick = presets(today);
  const [range, setRange] = useState<DashboardRange>(quick[0]!.range);
  const [draft, setDraft] = useState<DashboardRange>(range);
  const figures = useDashboard(range);
  const isAdmin = hasAdminRole(useUserRoles().data);
  const problem =
    draft.from > draft.to
      ? 'The To date must not be before the From date.'
      : !draft.from || !draft.to
        ? 'Choose both dates.'
        : null;

  const apply = (r: DashboardRange) => {
    setDraft(r);
    setRange(r);
  };

  return (
    <PageCard title="Dashboard" actions={isAdmin ? <StaffSwitch /> : undefined}>
      <Form
        className="dashboard-range d-flex flex-wrap align-items-end gap-2 mb-3"
        aria-label="Dates of the dashboard"
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) setRange(draft);
        }}
      >
        <RangeDate end="from" label="From" draft={draft} onChange={setDraft} max={today} />
        <RangeDate end="to" label="To" draft={draft} onChange={setDraft} />
        <Form.Group controlId="dashboard-bucket">
          <Form.Label className="small mb-1">By</Form.Label>
          <Form.Select
            size="sm"
            value={draft.bucket}
            onChange={(e) => setDraft({ ...draft, bucket: e.currentTarget.value as DashboardBucket })}
          >
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </Form.Select>
        </Form.Group>
        <Button type="submit" size="sm" disabled={problem !== null}>
          Show
        </Button>
        <ButtonGroup size="sm" aria-label="Quick ranges" className="ms-md-2">
          {quick.map((q) => (
            <Button
              key={q.name}
              variant="outline-secondary"
              active={q.range.from === range.from && q.range.to === range.to && q.range.bucket === range.bucket}
              onClick={() => apply(q.range)}
            >
              {q.name}
            </Button>
          ))}
        </ButtonGroup>
      </Form>
      {problem && (
        <p className="small text-danger" role="alert">
          {problem}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {figures.data && !figures.isFetching
          ? `Showing ${figures.data.from} to ${figures.data.to} by ${figures.data.bucket}.`
          : ''}
      </p>
      <div aria-busy={figures.isFetching}>
        {figures.isError ? (
          <LoadErrorBanner
            title="The dashboard could not be loaded"
            error={figures.error}
            onRetry={() => void figures.refetch()}
          />
        ) : figures.data ? (
          <div className={figures.isPlaceholderData ? 'dashboard-stale' : undefined}>
            <Figures data={figures.data} />
          </div>
        ) : (
          <Loading text="Adding up the figures..." />
        )}
      </div>
      <p className="small text-body-secondary mt-3 mb-0">
        Order dates as entered; quotes by the day they were first sent (UTC). At most {MAX_DASHBOARD_PERIODS} periods at
        once.
      </p>
    </PageCard>
  );
}
