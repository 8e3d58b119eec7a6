import type { User } from '@desk/domain';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../components/ui/data-table';
import { errorText } from '../../components/ui/result-banner';
import { useSession } from '../auth/api/get-session';
import { useUsers } from './api/list-users';
import { useRemoveUser } from './api/remove-user';
import './admin.css';

const authoritiesText = (user: User) => (user.authorities.length > 0 ? user.authorities.join(', ') : 'N/A');

/** Users and their removal (docs/product.md section 2, "Admin home" 5). */
export function UsersListTab() {
  const users = useUsers();
  const remove = useRemoveUser();
  const signedInName = useSession().data?.username;
  const [target, setTarget] = useState<User | null>(null);
  const [confirming, setConfirming] = useState(false);

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
    { key: 'authorities', header: 'Authorities', value: authoritiesText, render: authoritiesText },
  ];

  return (
    <div className="admin-users">
      {users.isError && (
        <Banner variant="danger" title="The users could not be loaded">
          <small>{errorText(users.error)}</small>
        </Banner>
      )}
      <DataTable
        caption="Users"
        columns={columns}
        rowKey={(user) => user.id}
        rows={users.data ?? []}
        isLoading={users.isPending && users.fetchStatus !== 'idle'}
        onRefresh={() => void users.refetch()}
        initialSort="username"
        emptyText="No users found"
        rowActions={(user) => (
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
        )}
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
