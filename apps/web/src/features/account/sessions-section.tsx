import { APP_PATHS } from '@desk/domain';
import type { AccountSession } from '@desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { useNavigate } from '../../lib/navigation';
import { BusyButton } from '../../components/ui/busy-button';
import { ListTableHead, LoadingRow, TableMessageRow } from '../../components/ui/list-table';
import { ErrorBanner } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { forgetSignedInUser } from '../auth/redirect-target';
import { resetUserState } from '../auth/reset-user-state';
import { useEndSession } from './api/end-session';
import { useAccountSessions } from './api/list-sessions';
import { shortUserAgent } from './user-agent';

const COLUMNS = ['Signed in', 'Last seen', 'Address', 'Browser', 'Actions'] as const;

const when = (iso: string) => new Date(iso).toLocaleString();

/** The caller's open sessions (one per browser signed in), each with an End button. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const end = useEndSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmingCurrent, setConfirmingCurrent] = useState<AccountSession | null>(null);

  const endOther = (session: AccountSession) =>
    end.mutate(
      { id: session.id, current: false },
      {
        onSuccess: () => toast.success('Session ended', `${shortUserAgent(session.userAgent)} is signed out.`),
        onError: (e) => toast.error('Ending the session failed', e),
      },
    );

  // Ending this browser's own session is signing out: as the Sign out button does.
  const endCurrent = (session: AccountSession) =>
    end.mutate(
      { id: session.id, current: true },
      {
        // No state of this screen is touched: it is on its way out, and a re-render now would ask
        // for the ended session's list again.
        onSuccess: () => {
          resetUserState(queryClient);
          forgetSignedInUser();
          void navigate(APP_PATHS.login, { replace: true });
        },
        onError: (e) => toast.error('Ending the session failed', e),
      },
    );

  const rows = sessions.data ?? [];

  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="fs-5">
        Sessions
      </h2>
      <p className="text-body-secondary small mb-3">
        Every browser signed in as you. End one you do not recognise, or one left open on a shared computer: that
        browser has to sign in again. Changing your password or turning on two-factor sign-in ends all but this one.
      </p>
      {sessions.isError && <ErrorBanner title="The sessions could not be loaded" error={sessions.error} />}
      <div className="d-flex mb-2">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void sessions.refetch()}
          disabled={sessions.isFetching}
          aria-label="Refresh"
        >
          {sessions.isFetching ? (
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          ) : (
            <span aria-hidden="true" className="me-1">
              ↻
            </span>
          )}
          Refresh
        </Button>
      </div>
      <div className="table-responsive border rounded">
        <Table hover size="sm" className="align-middle mb-0" aria-label="Your sessions" aria-busy={sessions.isFetching}>
          <ListTableHead columns={COLUMNS} />
          <tbody>
            {sessions.isPending && sessions.fetchStatus !== 'idle' && <LoadingRow colSpan={COLUMNS.length} />}
            {sessions.isSuccess && rows.length === 0 && (
              <TableMessageRow colSpan={COLUMNS.length}>No open sessions</TableMessageRow>
            )}
            {rows.map((s) => {
              const browser = shortUserAgent(s.userAgent);
              return (
                <tr key={s.id} className={s.current ? 'table-active' : undefined}>
                  <td>{when(s.createdAt)}</td>
                  <td>{when(s.lastSeenAt)}</td>
                  <td>{s.address ?? '—'}</td>
                  <td>
                    <span title={s.userAgent ?? undefined}>{browser}</span>
                    {s.current && (
                      <Badge bg="primary" className="ms-2 fw-normal">
                        This session
                      </Badge>
                    )}
                  </td>
                  <td className="text-end text-nowrap">
                    <Button
                      variant="outline-danger"
                      size="sm"
                      aria-label={
                        s.current
                          ? 'End this session'
                          : `End session of ${browser} from ${s.address ?? 'an unknown address'}, signed in ${when(s.createdAt)}`
                      }
                      disabled={end.isPending && end.variables?.id === s.id}
                      onClick={() => (s.current ? setConfirmingCurrent(s) : endOther(s))}
                    >
                      End
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      <EndCurrentModal
        show={confirmingCurrent !== null}
        busy={end.isPending}
        onConfirm={() => confirmingCurrent && endCurrent(confirmingCurrent)}
        onClose={() => setConfirmingCurrent(null)}
      />
    </section>
  );
}

function EndCurrentModal({
  show,
  busy,
  onConfirm,
  onClose,
}: {
  show: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId} backdrop={busy ? 'static' : true}>
      <ModalHeading id={titleId}>End this session?</ModalHeading>
      <Modal.Body>This is the browser you are using: ending its session signs you out here.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <BusyButton variant="danger" onClick={onConfirm} busy={busy}>
          End and sign out
        </BusyButton>
      </Modal.Footer>
    </Modal>
  );
}
