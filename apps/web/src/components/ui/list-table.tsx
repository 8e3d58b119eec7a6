import type { ReactNode } from 'react';
import { Spinner, Table } from 'react-bootstrap';

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

export interface RowsTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  rows: readonly T[];
  /** Nothing loaded yet: a Loading... row. */
  pending?: boolean;
  /** A (re)load runs: aria-busy. */
  busy?: boolean;
  /** The row when there are none. */
  empty: ReactNode;
  renderRow: (row: T) => ReactNode;
  /** Rows light up under the pointer (default); off for a sheet of inputs. */
  hover?: boolean;
  /** More classes on the bordered frame, e.g. its margin. */
  className?: string;
}

/**
 * A bordered small table of rows, with its Loading... row and its empty row: the lists a modal
 * section or a tab shows whole (linked orders, vendor order lines, stock moves, counts, reorder).
 */
export function RowsTable<T>({
  label,
  columns,
  rows,
  pending = false,
  busy,
  empty,
  renderRow,
  hover = true,
  className,
}: RowsTableProps<T>) {
  return (
    <div className={`table-responsive border rounded${className ? ` ${className}` : ''}`}>
      <Table hover={hover} size="sm" className="align-middle mb-0" aria-label={label} aria-busy={busy}>
        <ListTableHead columns={columns} className="table-light" />
        <tbody>
          {pending ? (
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
  );
}
