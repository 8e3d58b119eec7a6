import type { ReactNode } from 'react';
import { Spinner, Table } from 'react-bootstrap';
import { ErrorBanner } from './result-banner';

/** A small table's header row; the Actions column sits on the right. */
export function ListTableHead({ columns, className }: { columns: readonly string[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={column === 'Actions' ? 'text-end' : undefined}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One full-width row with a quiet message: 'Loading...', 'No ... yet'. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="text-center text-secondary py-4">
        {children}
      </td>
    </tr>
  );
}

/** The first load of a list: one full-width row with a spinner, announced as a status. */
export function LoadingRow({ colSpan }: { colSpan: number }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-4">
        <div role="status" className="d-flex align-items-center justify-content-center gap-2 text-secondary">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          Loading...
        </div>
      </td>
    </tr>
  );
}

/** The opened details under a table row, on the tinted background across every column. */
export function DetailsRow(props: {
  id?: string;
  className: string;
  colSpan: number;
  padX: string;
  children: ReactNode;
}) {
  return (
    <tr id={props.id} className={props.className}>
      <td colSpan={props.colSpan} className={`bg-body-tertiary ${props.padX} py-3`}>
        {props.children}
      </td>
    </tr>
  );
}

interface RowsTableBase<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** The row when there are none. */
  empty: ReactNode;
  renderRow: (row: T) => ReactNode;
  /** Rows light up under the pointer (default); off for a sheet of inputs. */
  hover?: boolean;
  /** More classes on the bordered frame, e.g. its margin. */
  className?: string;
}

/** What RowsTable reads of the query (TanStack Query's result) that loads its rows. */
export interface RowsQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Where the rows come from. A query: nothing loaded yet shows a Loading... row, a (re)load sets
 * aria-busy, a failed load shows `loadError` above the table (without it, the caller shows the
 * failure where it chooses); the rows are the query's data, or `rows` when the data holds them
 * (a page). Or `rows` alone, already at hand.
 */
type RowsSource<T> =
  | { query: RowsQuery<readonly T[]>; loadError?: string; rows?: undefined }
  | { query: RowsQuery<unknown>; loadError?: string; rows: readonly T[] }
  | { query?: undefined; loadError?: undefined; rows: readonly T[] };

export type RowsTableProps<T> = RowsTableBase<T> & RowsSource<T>;

/**
 * A bordered small table of rows, with its Loading... row and its empty row: the lists a modal
 * section or a tab shows whole (linked orders, vendor order lines, stock moves, counts, reorder).
 */
export function RowsTable<T>(props: RowsTableProps<T>) {
  const { label, columns, query, loadError, empty, renderRow, hover = true, className } = props;
  const rows = props.rows ?? props.query.data ?? [];
  return (
    <>
      {query?.isError && loadError !== undefined && <ErrorBanner title={loadError} error={query.error} />}
      <div className={`table-responsive border rounded${className ? ` ${className}` : ''}`}>
        <Table hover={hover} size="sm" className="align-middle mb-0" aria-label={label} aria-busy={query?.isFetching}>
          <ListTableHead columns={columns} className="table-light" />
          <tbody>
            {query?.isPending ? (
              <TableMessageRow colSpan={columns.length}>
                <span role="status">
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  Loading...
                </span>
              </TableMessageRow>
            ) : rows.length === 0 ? (
              <TableMessageRow colSpan={columns.length}>{empty}</TableMessageRow>
            ) : (
              rows.map(renderRow)
            )}
          </tbody>
        </Table>
      </div>
    </>
  );
}
