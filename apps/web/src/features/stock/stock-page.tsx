/**
 * The Stock page (docs/stock.md): what the shelf holds and what is promised, a product's moves
 * and reorder settings, counts, and the reorder list. It follows the live `stock` events: each
 * one reads the page's lists again (an open count sheet keeps what the clerk typed).
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazyWithLoading } from '../../components/ui/loading';
import { TabsPage } from '../../components/ui/url-tabs';
import { useLiveEvents } from '../../lib/live-events';
import { stockKeys } from './api/stock-api';
import { StockList } from './stock-list';
import './stock.css';

const CountsTab = lazyWithLoading(() => import('./counts-tab').then((m) => m.CountsTab));
const ReorderTab = lazyWithLoading(() => import('./reorder-tab').then((m) => m.ReorderTab));

const TABS = [
  { key: 'levels', title: 'Stock', content: <StockList /> },
  { key: 'counts', title: 'Counts', content: <CountsTab /> },
  { key: 'reorder', title: 'Reorder', content: <ReorderTab /> },
];

export function StockPage() {
  const queryClient = useQueryClient();
  useLiveEvents({
    stock: () => {
      void queryClient.invalidateQueries({
        queryKey: stockKeys.all,
        // A count sheet being filled in is not read again under the clerk's typing.
        predicate: (query) => query.queryKey[1] !== 'count',
      });
    },
  });
  return <TabsPage title="Stock" id="stock-tabs" tabs={TABS} />;
}
