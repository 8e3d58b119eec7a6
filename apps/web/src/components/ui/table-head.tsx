import type { ReactNode } from 'react';

/** A column heading of TableHead: its text, or its content and the class of its cell ('text-end'). */
export type HeadColumn = string | { label: ReactNode; className?: string };

/** The header row of a plain table (one that does not sort): a column heading each. */
export function TableHead({ columns }: { columns: HeadColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) =>
          typeof column === 'string' ? (
            <th key={i} scope="col">
              {column}
            </th>
          ) : (
            <th key={i} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
