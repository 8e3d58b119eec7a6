import type { User } from '@desk/domain';
import { useId, useState } from 'react';
import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { Modal, ModalHeading } from '../../components/ui/modal';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../components/ui/data-table';
import { errorText } from '../../components/ui/result-banner';
import { useToast } from '../../components/ui/toaster';
import { useSession } from '../auth/api/get-session';
import { useEndUserSessions } from './api/end-user-sessions';
import { useUsers } from './api/list-users';
import { useRemoveUser } from './api/remove-user';
import { kindLabel, kindOf, USER_KINDS, useSetUserRoles, type UserKind } from './api/set-user-roles';
import './admin.css';

const authoritiesText = (user: User) => (user.authorities.length > 0 ? user.authorities.join(', ') : 'N/A');

/** Users, their roles and their removal (docs/product.md section 2, "Admin home" 5). */
export function UsersListTab() {
  const users = useUsers();
  const remove = useRemoveUser();
  const signedInName = useSession().data?.username;
  const [target, setTarget] = useState<User | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [endingFor, setEndingFor] = useState<User | null>(null);
  const [rolesFor, setRolesFor] = useState<User | null>(null);

  const columns: Column<User>[] = [
    {
      key: 'username',
      header: 'Username',
      render: (user) => (
        <>
          {user.username}
          {user.username === signedInName && (
            <Badge bg="secondary" className="ms-2 fw-normal">
              you
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'kind',
      header: 'Role',
      value: (user) => kindLabel(user.authorities),
      render: (user) => kindLabel(user.authorities),
    },
    { key: 'authorities', header: 'Authorities', value: authoritiesText, render: authoritiesText },
  ];

  return (
    <div className="admin-users">
      <DataTable
        caption="Users"
        columns={columns}
        rowKey={(user) => user.id}
        query={users}
        loadError="The users could not be loaded"
        initialSort="username"
        emptyText="No users found"
        rowActions={(user) => (
          <>
            <Button
              variant="outline-secondary"
              size="sm"
              aria-label={`Roles of ${user.username}`}
              onClick={() => setRolesFor(user)}
            >
              Roles
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              aria-label={`End sessions of ${user.username}`}
              onClick={() => setEndingFor(user)}
            >
              End sessions
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={`Delete ${user.username}`}
              onClick={() => {
                setTarget(user);
                setConfirming(true);
              }}
            >
              Delete
            </Button>
          </>
        )}
      />
      {rolesFor && <RolesModal key={rolesFor.id} user={rolesFor} onClose={() => setRolesFor(null)} />}
      <EndSessionsModal
        user={endingFor}
        isSelf={endingFor !== null && endingFor.username === signedInName}
        onClose={() => setEndingFor(null)}
      />
      <ConfirmModal
        show={confirming}
        objectName="User"
        action="delete"
        onConfirm={() => remove.mutateAsync(target!.username)}
        onClose={() => setConfirming(false)}
      >
        Are you sure you would like to delete the user {target?.username}?
      </ConfirmModal>
    </div>
  );
}

/**
 * "Roles": staff, administrator or yard (the Loaders only). The server keeps the last
 * administrator's ROLE_ADMIN and says so; its words show here, where the administrator is looking.
 */
function RolesModal({ user, onClose }: { user: User; onClose: () => void }) {
  const titleId = useId();
  const set = useSetUserRoles();
  const toast = useToast();
  const [kind, setKind] = useState<UserKind | null>(kindOf(user.authorities));
  const chosen = USER_KINDS.find((k) => k.kind === kind);

  const save = () => {
    if (!chosen || set.isPending) return;
    set.mutate(
      { username: user.username, roles: chosen.roles },
      {
        onSuccess: (roles) => {
          toast.success('Roles saved', `${user.username}: ${roles.join(', ')}`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      show
      onHide={onClose}
      centered
      aria-labelledby={titleId}
      backdrop={set.isPending ? 'static' : true}
      keyboard={!set.isPending}
    >
      <ModalHeading id={titleId}>Roles of {user.username}</ModalHeading>
      <Modal.Body>
        <fieldset>
          <legend className="fs-6 mb-2">What {user.username} may open</legend>
          {USER_KINDS.map((k) => (
            <Form.Check
              key={k.kind}
              type="radio"
              id={`roles-${user.id}-${k.kind}`}
              name={`roles-${user.id}`}
              className="mb-2"
              checked={kind === k.kind}
              onChange={() => setKind(k.kind)}
              label={
                <>
                  <span className="fw-medium">{k.label}</span>{' '}
                  <span className="text-body-secondary small">
                    ({k.roles.join(', ')}): {k.help}
                  </span>
                </>
              }
            />
          ))}
        </fieldset>
        {set.isError && (
          <p role="alert" className="mt-2 mb-0 text-danger-emphasis">
            {errorText(set.error)}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={set.isPending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={save} disabled={!chosen || set.isPending}>
          {set.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Save roles
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** "End sessions": signs a user out of every browser (a lost tablet, a clerk who left). */
function EndSessionsModal({ user, isSelf, onClose }: { user: User | null; isSelf: boolean; onClose: () => void }) {
  const titleId = useId();
  const end = useEndUserSessions();
  const toast = useToast();

  const confirm = () => {
    if (!user || end.isPending) return;
    end.mutate(user.username, {
      onSuccess: ({ ended }) => {
        toast.success(`${ended} session${ended === 1 ? '' : 's'} ended`, `${user.username} must sign in again.`);
        onClose();
      },
      onError: (e) => toast.error('Ending the sessions failed', e),
    });
  };

  return (
    <Modal
      show={user !== null}
      onHide={onClose}
      centered
      aria-labelledby={titleId}
      backdrop={end.isPending ? 'static' : true}
      keyboard={!end.isPending}
    >
      <ModalHeading id={titleId}>End sessions</ModalHeading>
      <Modal.Body>
        <p className="mb-0">
          End every session of <strong>{user?.username}</strong>? They are signed out of every browser and must sign in
          again.
        </p>
        {isSelf && <p className="mt-2 mb-0 text-danger">This is you: you will be signed out here too.</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={end.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={end.isPending}>
          {end.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          End sessions
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
