import type { LinkedOrder } from '@desk/domain';
import { RowsTable } from '../../components/ui/list-table';
import { useConfirmTarget } from '../../components/ui/row-actions';
import { useLinkedOrders } from './api/list-linked-orders';
import { UnlinkCell, UnlinkConfirm } from './unlink';

const COLUMNS = ['Job Name', 'Customer No', 'Customer Name', 'Order Status', 'Actions'] as const;

/**
 * The orders waiting on a vendor order (docs/product.md section 2, "Vendor order edit modal"), each
 * with a delete action that removes the link. Links are made from the order's side.
 */
export function VendorOrderLinkedOrders({ vendorOrderId }: { vendorOrderId: number }) {
  const links = useLinkedOrders(vendorOrderId);
  const removing = useConfirmTarget<LinkedOrder>();

  return (
    <>
      <RowsTable
        label="Linked orders"
        columns={COLUMNS}
        query={links}
        loadError="Linked orders could not be loaded"
        empty={
          <>
            No orders are linked to this vendor order yet. Link one from the order&apos;s Linked Vendor Orders section.
          </>
        }
        renderRow={(link) => (
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
            <UnlinkCell
              subject={`order ${link.order.id}`}
              title="Remove this link; the order itself is kept"
              onClick={() => removing.ask(link)}
            />
          </tr>
        )}
      />

      <UnlinkConfirm
        objectName="Order link"
        target={removing}
        question={(link) => (
          <>
            Are you sure you would like to remove the link to order {link.order.id}
            {link.order.jobName ? ` (${link.order.jobName})` : ''}?
          </>
        )}
      />
    </>
  );
}
