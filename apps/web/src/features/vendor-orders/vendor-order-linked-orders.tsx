import type { LinkedOrder } from '@desk/domain';
import { useState } from 'react';
import { Button, Spinner, Table } from 'react-bootstrap';
import { Banner } from '../../components/ui/banner';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { errorText } from '../../components/ui/result-banner';
import { useDeleteLinkedOrder } from './api/delete-linked-order';
import { useLinkedOrders } from './api/list-linked-orders';

const COLUMNS = ['Job Name', 'Customer No', 'Customer Name', 'Order Status', 'Actions'] as const;

/**
 * The orders waiting on a vendor order (docs/product.md section 2, "Vendor order edit modal"), each
 * with a delete action that removes the link. Links are made from the order's side.
 */
export function VendorOrderLinkedOrders({ vendorOrderId }: { vendorOrderId: number }) {
  const links = useLinkedOrders(vendorOrderId);
  const unlink = useDeleteLinkedOrder();
  const [removing, setRemoving] = useState<LinkedOrder | null>(null);
  const [showRemove, setShowRemove] = useState(false);
  const rows = links.data ?? [];

  return (
    <>
      {links.isError && (
        <Banner variant="danger" title="Linked orders could not be loaded">
          <small>{errorText(links.error)}</small>
        </Banner>
      )}
      <div className="table-responsive border rounded">
        <Table hover size="sm" className="align-middle mb-0" aria-label="Linked orders" aria-busy={links.isFetching}>
          <thead className="table-light">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'Actions' ? 'text-end' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {links.isPending ? (
              <tr>
                <td colSpan={COLUMNS.length} className="text-center text-secondary py-4">
                  <span role="status">
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                    Loading...
                  </span>
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="text-center text-secondary py-4">
                  No orders are linked to this vendor order yet. Link one from the order&apos;s Linked Vendor Orders
                  section.
                </td>
              </tr>
            ) : (
              rows.map((link) => (
                <tr key={link.id}>
                  <td>
                    <div className="fw-medium">
                      {link.order.jobName || <span className="text-secondary">No job name</span>}
                    </div>
                    <div className="small text-secondary">Order {link.order.id}</div>
                  </td>
                  <td className="text-nowrap">{link.order.customerNo}</td>
                  <td>{link.order.customerName}</td>
                  <td className="text-nowrap">{link.order.orderStatus}</td>
                  <td className="text-end">
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => {
                        setRemoving(link);
                        setShowRemove(true);
                      }}
                      aria-label={`Unlink order ${link.order.id}`}
                      title="Remove this link; the order itself is kept"
                    >
                      Unlink
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>

      <ConfirmModal
        show={showRemove && removing !== null}
        objectName="Order link"
        action="delete"
        onConfirm={() => unlink.mutateAsync(removing!.id)}
        onClose={() => setShowRemove(false)}
      >
        {removing && (
          <>
            <p className="mb-0">
              Are you sure you would like to remove the link to order {removing.order.id}
              {removing.order.jobName ? ` (${removing.order.jobName})` : ''}?
            </p>
            <p className="mb-0 mt-1 small text-secondary">The order and the vendor order themselves are kept.</p>
          </>
        )}
      </ConfirmModal>
    </>
  );
}
