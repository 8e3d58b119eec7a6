import { PageCard } from '../../components/ui/page-card';
import { UrlTabs } from '../../components/ui/url-tabs';
import { CustomersTab } from '../../features/customers/customers-tab';
import { OrdersTab } from '../../features/orders/orders-tab';
import { QuotesTab } from '../../features/quotes/quotes-tab';
import { VendorOrdersTab } from '../../features/vendor-orders/vendor-orders-tab';

const SALES_TABS = [
  { key: 'orders', title: 'Orders', content: <OrdersTab /> },
  { key: 'quotes', title: 'Quotes', content: <QuotesTab /> },
  { key: 'customers', title: 'Customers', content: <CustomersTab /> },
  { key: 'vendor-orders', title: 'Vendor Orders', content: <VendorOrdersTab /> },
];

/** Sales home: four tabs, only the active one mounted (docs/product.md section 2, "Sales home"). */
export function SalesPage() {
  return (
    <PageCard title="Sales">
      <UrlTabs id="sales-tabs" tabs={SALES_TABS} />
    </PageCard>
  );
}
