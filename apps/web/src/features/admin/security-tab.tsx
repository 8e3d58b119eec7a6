import {
  SECURITY_EVENT_LABELS,
  SECURITY_EVENT_RETENTION_DAYS,
  THROTTLE_KIND_LABELS,
  type SecurityEvent,
  type ThrottleEntry,
} from '@desk/domain';
import { Badge, Button } from 'react-bootstrap';
import { DataTable, type Column } from '../../components/ui/data-table';
import { useToast } from '../../components/ui/toaster';
import { useClearThrottle } from './api/clear-throttle';
import { useThrottles } from './api/list-throttles';
import { listSecurityEventsPage } from './api/list-security-events';
import { adminKeys } from './api/query-keys';

const dash = '—';
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : dash);

const usernameText = (e: ThrottleEntry) => e.username ?? (e.userId !== null ? `user #${e.userId}` : dash);

const columns: Column<ThrottleEntry>[] = [
  {
    key: 'kind',
    header: 'Limit',
    value: (e) => THROTTLE_KIND_LABELS[e.kind],
    render: (e) => THROTTLE_KIND_LABELS[e.kind],
  },
  { key: 'address', header: 'Address', value: (e) => e.address ?? '', render: (e) => e.address ?? dash },
  { key: 'username', header: 'Username', value: usernameText, render: usernameText },
  { key: 'attempts', header: 'Attempts this minute' },
  { key: 'failures', header: 'Failures' },
  { key: 'lastFailureAt', header: 'Last failure', render: (e) => when(e.lastFailureAt) },
  {
    key: 'blockedForSeconds',
    header: 'Refusing',
    render: (e) => (e.blockedForSeconds > 0 ? <Badge bg="danger">for {e.blockedForSeconds} s</Badge> : 'no'),
  },
];

const orDash = (text: string | null) => text ?? dash;

const eventColumns: Column<SecurityEvent>[] = [
  { key: 'at', header: 'When', width: '13rem', className: 'text-nowrap', render: (e) => when(e.at) },
  {
    key: 'type',
    header: 'Event',
    // The filter matches the event's code, shown small under its name.
    render: (e) => (
      <>
        <span>{SECURITY_EVENT_LABELS[e.type] ?? e.type}</span>
        <small className="d-block text-body-secondary font-monospace">{e.type}</small>
      </>
    ),
  },
  { key: 'username', header: 'Username', render: (e) => orDash(e.username) },
  { key: 'actor', header: 'By', render: (e) => orDash(e.actor) },
  { key: 'address', header: 'Address', render: (e) => orDash(e.address) },
  { key: 'detail', header: 'Detail', render: (e) => orDash(e.detail) },
];

/** The security log: every sign-in and security change, newest first, paged by the server. */
function SecurityLog() {
  return (
    <section aria-labelledby="security-log-heading" className="mt-5">
      <h2 id="security-log-heading" className="fs-5">
        Security log
      </h2>
      <p className="text-body-secondary small mb-3">
        Sign-ins and their failures, throttling, password and two-factor changes, users added and removed, roles changed
        (who, when, from and to), sessions ended. Kept {SECURITY_EVENT_RETENTION_DAYS} days. Filter Event by the code
        under its name, e.g. sign-in-failed.
      </p>
      <DataTable
        caption="Security log"
        columns={eventColumns}
        rowKey={(e) => e.id}
        fetchPage={(query) => listSecurityEventsPage(query)}
        queryKey={adminKeys.securityEvents()}
        initialSort="-at"
        emptyText="No events"
      />
    </section>
  );
}

/**
 * Sign-in security for administrators: the throttle counters of the last day, and a Clear
 * button for a clerk who locked themselves out or an address that was wrongly limited.
 */
export function SecurityTab() {
  const throttles = useThrottles();
  const clear = useClearThrottle();
  const toast = useToast();

  const onClear = (entry: ThrottleEntry) =>
    clear.mutate(entry.key, {
      onSuccess: () =>
        toast.success(
          'Throttle cleared',
          `${THROTTLE_KIND_LABELS[entry.kind]}: ${entry.address ?? ''} ${entry.username ?? ''}`.trim(),
        ),
      onError: (e) => toast.error('Clearing the throttle failed', e),
    });

  return (
    <>
      <section aria-labelledby="throttles-heading">
        <h2 id="throttles-heading" className="fs-5">
          Sign-in throttles
        </h2>
        <p className="text-body-secondary small mb-3">
          Each address may try one username 10 times a minute and any usernames 30 times a minute. A username that keeps
          failing is slowed down (at most one attempt a minute) for the addresses that failed, never for the right
          password from an address with no failures. Clear a line to let that address or username sign in again at once.
        </p>
        <DataTable
          caption="Sign-in throttles"
          columns={columns}
          rowKey={(e) => e.key}
          query={throttles}
          loadError="The throttles could not be loaded"
          initialSort="-blockedForSeconds"
          emptyText="No sign-in failures in the last day"
          rowActions={(e) => (
            <Button
              variant="outline-primary"
              size="sm"
              aria-label={`Clear ${THROTTLE_KIND_LABELS[e.kind]} ${e.address ?? ''} ${e.username ?? ''}`.trim()}
              disabled={clear.isPending && clear.variables === e.key}
              onClick={() => onClear(e)}
            >
              Clear
            </Button>
          )}
        />
      </section>
      <SecurityLog />
    </>
  );
}
