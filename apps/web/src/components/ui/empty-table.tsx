import { Table } from 'react-bootstrap';

export interface EmptyTableProps {
  /** Accessible name of the table. */
  caption: string;
  columns: readonly string[];
  message?: string;
}

/** A table with its headers and a single row saying there is nothing to show. */
export function EmptyTable({ caption, columns, message = 'No records yet' }: EmptyTableProps) {
  return (
    <Table responsive hover size="sm" className="align-middle mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td colSpan={columns.length} className="text-center text-secondary py-4">
            {message}
          </td>
        </tr>
      </tbody>
    </Table>
  );
}
