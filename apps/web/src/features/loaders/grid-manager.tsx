import { EmptyTable } from '../../components/ui/empty-table';

export const GRID_MANAGER_COLUMNS = ['ID', 'Customer Name', 'Job Name', 'In Bay', 'Bay Assignment'] as const;

/** Pickup-ready orders and their bays (SPEC.md section 2); filled in by the loading-bays issue. */
export function GridManager() {
  return <EmptyTable caption="Pickup-ready orders" columns={GRID_MANAGER_COLUMNS} />;
}
