import type { Customer } from '@desk/domain';
import { Badge, Button } from 'react-bootstrap';
import { ConfirmDelete, preloadConfirmDialog } from '../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../components/ui/data-table';
import { ExportLinks } from '../../components/ui/export-links';
import { RowAction, useConfirmTarget, useEditorSlot } from '../../components/ui/row-actions';
import { hasAdminRole, useUserRoles } from '../auth/api/get-user-roles';
import { useDeleteCustomer } from './api/delete-customer';
import { listCustomersPage } from './api/list-customers';
import { customerKeys } from './api/query-keys';
import { useNewChangesButton } from '../../components/ui/new-changes';
import { useSession } from '../auth/api/get-session';
import { CustomerDetails } from './customer-details';
import { lazyComponent, usePreloadWhenIdle } from '../../lib/lazy-component';

// Its own chunk, loaded once the list has painted.
const CustomerModal = lazyComponent(() => import('./customer-modal').then((m) => m.CustomerModal));

const text = (v: string | null) => v ?? '';

export const CUSTOMER_COLUMNS: Column<Customer>[] = [
  { key: 'id', header: 'ID', width: '6.5rem' },
  { key: 'customerNo', header: 'Customer No', width: '10rem', render: (c) => text(c.customerNo) },
  { key: 'name', header: 'Customer Name', render: (c) => <span className="fw-medium">{c.name}</span> },
  { key: 'contactName', header: 'Contact Name', render: (c) => text(c.contactName) },
  {
    key: 'openOrders',
    header: 'Open Orders',
    width: '9rem',
    render: (c) =>
      c.openOrders > 0 ? (
        <Badge bg="primary" pill>
          {c.openOrders}
        </Badge>
      ) : (
        <span className="text-secondary">0</span>
      ),
  },
];

/** Sales > Customers: the customer list with its editor and, for administrators, the delete confirmation. */
export function CustomersTab() {
  const { slot: editor, open: openEditor, close: closeEditor } = useEditorSlot();
  const deleting = useConfirmTarget<Customer>();
  const deleteCustomer = useDeleteCustomer();
  // Deleting a customer is for administrators (the server refuses staff with a 403).
  const isAdmin = hasAdminRole(useUserRoles().data);
  usePreloadWhenIdle(customerKeys.lists(), [CustomerModal, preloadConfirmDialog]);
  const newChanges = useNewChangesButton(useSession().data?.username, 'customer', customerKeys.lists());

  return (
    <>
      <DataTable<Customer>
        caption="Customers"
        columns={CUSTOMER_COLUMNS}
        rowKey={(c) => c.id}
        queryKey={customerKeys.lists()}
        fetchPage={listCustomersPage}
        initialSort="id"
        emptyText="No customers found"
        renderExport={(state) => <ExportLinks list="customers" noun="customers" state={state} />}
        renderExpanded={(c) => <CustomerDetails customer={c} />}
        toolbar={
          <>
            <Button variant="primary" size="sm" onClick={() => openEditor(null)}>
              Create Customer
            </Button>
            {newChanges}
          </>
        }
        rowActions={(c) => (
          <>
            <RowAction action="Edit" subject={`customer ${c.id}`} onClick={() => openEditor(c.id)} />
            {isAdmin && <RowAction action="Delete" subject={`customer ${c.id}`} onClick={() => deleting.ask(c)} />}
          </>
        )}
      />

      {editor && <CustomerModal key={editor.seq} show={editor.show} customerId={editor.value} onClose={closeEditor} />}

      <ConfirmDelete
        target={deleting}
        objectName="Customer"
        onDelete={(c) => deleteCustomer.mutateAsync(c.id)}
        detail={(c) => [c.customerNo, c.name].filter(Boolean).join(' - ')}
      >
        <p className="mb-0">Are you sure you would like to delete the customer (id: {deleting.target?.id})?</p>
      </ConfirmDelete>
    </>
  );
}
