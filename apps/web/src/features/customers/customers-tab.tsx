import type { Customer } from '@desk/domain';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { DataTable, type Column } from '../../components/ui/data-table';
import { useDeleteCustomer } from './api/delete-customer';
import { listCustomersPage } from './api/list-customers';
import { customerKeys } from './api/query-keys';
import { CustomerDetails } from './customer-details';
import { CustomerModal } from './customer-modal';

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

type Editor = { seq: number; id: number | null; show: boolean };

/** Sales > Customers: the customer list with its editor and delete confirmation. */
export function CustomersTab() {
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [showDelete, setShowDelete] = useState(false);
  const deleteCustomer = useDeleteCustomer();

  const openEditor = (id: number | null) => setEditor((e) => ({ seq: (e?.seq ?? 0) + 1, id, show: true }));

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
        renderExpanded={(c) => <CustomerDetails customer={c} />}
        toolbar={
          <Button variant="primary" size="sm" onClick={() => openEditor(null)}>
            Create Customer
          </Button>
        }
        rowActions={(c) => (
          <>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => openEditor(c.id)}
              aria-label={`Edit customer ${c.id}`}
            >
              Edit
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => {
                setDeleting(c);
                setShowDelete(true);
              }}
              aria-label={`Delete customer ${c.id}`}
            >
              Delete
            </Button>
          </>
        )}
      />

      {editor && (
        <CustomerModal
          key={editor.seq}
          show={editor.show}
          customerId={editor.id}
          onClose={() => setEditor({ ...editor, show: false })}
        />
      )}

      <ConfirmModal
        show={showDelete && deleting !== null}
        objectName="Customer"
        action="delete"
        onConfirm={() => deleteCustomer.mutateAsync(deleting!.id)}
        onClose={() => setShowDelete(false)}
      >
        <p className="mb-0">Are you sure you would like to delete the customer (id: {deleting?.id})?</p>
        {deleting && (
          <p className="mb-0 mt-1 small text-secondary">
            {[deleting.customerNo, deleting.name].filter(Boolean).join(' - ')}
          </p>
        )}
      </ConfirmModal>
    </>
  );
}
