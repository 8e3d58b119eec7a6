import { lazyWithLoading } from '../../components/ui/loading';
import { TabsPage } from '../../components/ui/url-tabs';
import { salesTabChunks } from '../route-preload';

/**
 * Each tab is its own chunk: the page paints with the open tab's code only (issue 19), and
 * route-preload.ts starts that chunk with the page's.
 */
const OrdersTab = lazyWithLoading(() => salesTabChunks.orders().then((m) => m.OrdersTab));
const QuotesTab = lazyWithLoading(() => salesTabChunks.quotes().then((m) => m.QuotesTab));
const CustomersTab = lazyWithLoading(() => salesTabChunks.customers().then((m) => m.CustomersTab));
const VendorOrdersTab = lazyWithLoading(() => salesTabChunks['vendor-orders']().then((m) => m.VendorOrdersTab));

const TABS = { orders: OrdersTab, quotes: QuotesTab, customers: CustomersTab, 'vendor-orders': VendorOrdersTab };

/** Loads the tab the address opens (?tab=, Orders by default), before the first render (router.tsx). */
export function preloadTab(tab: string | null): Promise<unknown> {
  // Own keys only: '?tab=constructor' must not find Object's members.
  return (tab !== null && Object.hasOwn(TABS, tab) ? TABS[tab as keyof typeof TABS] : OrdersTab).preload();
}

const SALES_TABS = [
  { key: 'orders', title: 'Orders', content: <OrdersTab /> },
  { key: 'quotes', title: 'Quotes', content: <QuotesTab /> },
  { key: 'customers', title: 'Customers', content: <CustomersTab /> },
  { key: 'vendor-orders', title: 'Vendor Orders', content: <VendorOrdersTab /> },
];

/** Sales home: four tabs, only the active one mounted (docs/product.md section 2, "Sales home"). */
export function SalesPage() {
  return <TabsPage title="Sales" id="sales-tabs" tabs={SALES_TABS} />;
}
