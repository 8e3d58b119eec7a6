import { DocumentModal, type ExtraSection } from '../documents/document-modal';
import type { EditorProps } from '../documents/document-list';
import { LinkedVendorOrders } from '../vendor-orders/linked-vendor-orders';

const ORDER_SECTIONS: readonly ExtraSection[] = [
  {
    key: 'vendor-orders',
    title: 'Linked Vendor Orders',
    render: (orderId) => <LinkedVendorOrders orderId={orderId} />,
  },
];

/** Order edit/create modal (docs/product.md section 2): the shared document editor plus Linked Vendor Orders. */
export function OrderModal(props: EditorProps) {
  return <DocumentModal kind="order" extraSections={ORDER_SECTIONS} {...props} />;
}
