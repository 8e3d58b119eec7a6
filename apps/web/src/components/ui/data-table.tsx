import { PAGE_SIZES, matchesSearch, type Page } from '@desk/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type ExpandedState,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, Form, Spinner, Table } from 'react-bootstrap';
import { Banner } from './banner';
import { ErrorBanner, errorText } from './result-banner';
import { Chevron } from './chevron';
import { DetailsRow, LoadingRow } from './list-table';
import { BusyStatus } from './busy-status';
import { LIST_FRESH_MS } from '../../lib/query-freshness';
import type { ListState } from './export-links';

export interface Column<T> {
  /** The field: read from the row in client mode, sent as sort and filter name in server mode. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
  className?: string;
  /** A fixed column width, e.g. '6rem', for narrow columns such as ids and counts. */
  width?: string;
  /** Client mode: the value to filter and sort by, when `row[key]` is not it. */
  value?: (row: T) => string | number | null | undefined;
}

export interface ServerQuery {
  page: number;
  size: number;
  sort?: string;
  filters: Record<string, string>;
}

/** What a client-mode DataTable reads of the query its rows come from. */
export interface ClientRowsQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  fetchStatus: string;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** Server-side mode: called with the table state; TanStack Query key = [...queryKey, state]. */
  fetchPage?: (q: ServerQuery) => Promise<Page<T>>;
  /** Client-side mode: filter/sort/page in the browser. */
  rows?: T[];
  /** Required in server mode; Refresh invalidates it. */
  queryKey?: readonly unknown[];
  /** Client mode. */
  isLoading?: boolean;
  /** Client mode refresh button. */
  onRefresh?: () => void;
  /**
   * Client mode, the rows of a query (TanStack Query's result): its data are the rows, its first
   * load the Loading row, Refresh fetches it again, and a failed load shows `loadError` above.
   */
  query?: ClientRowsQuery<T>;
  loadError?: string;
  /** Adds an expand toggle column. */
  renderExpanded?: (row: T) => ReactNode;
  /** An Actions column at the end. */
  rowActions?: (row: T) => ReactNode;
  /** E.g. the Create X button, shown next to Refresh. */
  toolbar?: ReactNode;
  /** E.g. 'id' or '-id'. */
  initialSort?: string;
  /** Default 'No records found'. */
  emptyText?: string;
  /** Accessible name of the table (aria-label). */
  caption?: string;
  /** Server mode: controls given the list's current sort and filters (the export links), after the toolbar. */
  renderExport?: (state: ListState) => ReactNode;
}

const FILTER_DELAY_MS = 300;
const noRows: never[] = [];

/** Reads `key` from a row, following dots ('productType.type'). */
function readField(row: unknown, key: string): unknown {
  let value: unknown = row;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The text a client-mode filter searches and the value it sorts by. */
function cellValue<T>(row: T, column: Column<T>): string | number | null {
  const raw = column.value ? column.value(row) : readField(row, column.key);
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number' || typeof raw === 'string') return raw;
  if (typeof raw === 'boolean') return raw ? 'Yes' : 'No';
  if (typeof raw === 'object') {
    // e.g. productType {id, type}: search and sort by its text.
    const record = raw as Record<string, unknown>;
    for (const name of ['type', 'name', 'label', 'itemNo']) {
      if (typeof record[name] === 'string') return record[name];
    }
    return Object.values(record)
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .join(' ');
  }
  return String(raw);
}

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === null || a === '') return b === null || b === '' ? 0 : 1; // blanks last
  if (b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

function toSorting(sort: string | undefined): SortingState {
  if (!sort) return [];
  return [sort.startsWith('-') ? { id: sort.slice(1), desc: true } : { id: sort, desc: false }];
}

function activeFilters(filters: Record<string, string>): ColumnFiltersState {
  const result: ColumnFiltersState = [];
  for (const [id, value] of Object.entries(filters)) {
    if (value.trim() !== '') result.push({ id, value: value.trim() });
  }
  return result;
}

const sameFilters = (a: ColumnFiltersState, b: ColumnFiltersState) =>
  a.length === b.length && a.every((f, i) => f.id === b[i]!.id && f.value === b[i]!.value);

/** Our columns as TanStack column definitions: the value filters and sorts in client mode. */
function toColumnDefs<T>(columns: Column<T>[]): ColumnDef<T, string | number | null>[] {
  return columns.map((column) => ({
    id: column.key,
    accessorFn: (row: T) => cellValue(row, column),
    enableSorting: column.sortable !== false,
    enableColumnFilter: column.filterable !== false,
    filterFn: (row, id, needle: string) => {
      const value = row.getValue<string | number | null>(id);
      return value !== null && matchesSearch(String(value), needle);
    },
    sortingFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
  }));
}

/**
 * The list table of every screen (docs/product.md section 2): a contains filter and a sort on each
 * column, page sizes 10/20/30, first/previous/next/last and go-to-page, and a footer with the
 * filtered and total counts. TanStack Table (headless) holds the sort, filter, page and expanded
 * state and, in client mode, filters, sorts and pages `rows`; in server mode the server does that
 * (manual paging, sorting and filtering) and the table only shows the page it answered.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rowKey,
    fetchPage,
    query: rowsQuery,
    loadError,
    queryKey,
    renderExpanded,
    rowActions,
    toolbar,
    initialSort,
    emptyText = 'No records found',
    caption,
    renderExport,
  } = props;
  const serverMode = fetchPage !== undefined;
  const rows = rowsQuery ? (rowsQuery.data ?? noRows) : props.rows;
  const onRefresh = rowsQuery ? () => void rowsQuery.refetch() : props.onRefresh;
  const isLoading = rowsQuery ? rowsQuery.isPending && rowsQuery.fetchStatus !== 'idle' : props.isLoading === true;
  const tableId = useId();
  const queryClient = useQueryClient();

  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZES[0] });
  const [sorting, setSorting] = useState<SortingState>(() => toSorting(initialSort));
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>({});
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const firstPage = () => setPagination((previous) => ({ ...previous, pageIndex: 0 }));

  // Typing in a filter waits for a pause before asking again, then starts from page 1.
  useEffect(() => {
    const next = activeFilters(filterInputs);
    if (sameFilters(next, columnFilters)) return;
    const timer = setTimeout(() => {
      setColumnFilters(next);
      firstPage();
    }, FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterInputs, columnFilters]);

  const serverQuery: ServerQuery = useMemo(() => {
    const sort = sorting[0] ? `${sorting[0].desc ? '-' : ''}${sorting[0].id}` : undefined;
    const filters = Object.fromEntries(columnFilters.map((f) => [f.id, f.value as string]));
    return { page: pagination.pageIndex + 1, size: pagination.pageSize, ...(sort ? { sort } : {}), filters };
  }, [pagination, sorting, columnFilters]);

  const pageQuery = useQuery({
    queryKey: [...(queryKey ?? ['data-table', tableId]), serverQuery],
    queryFn: () => fetchPage!(serverQuery),
    enabled: serverMode,
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
  });

  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const table = useReactTable<T>({
    data: (serverMode ? pageQuery.data?.items : rows) ?? noRows,
    columns: columnDefs,
    getRowId: (row) => String(rowKey(row)),
    state: { pagination, sorting, columnFilters, expanded },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater);
      firstPage();
    },
    onExpandedChange: setExpanded,
    getRowCanExpand: () => renderExpanded !== undefined,
    // A header click goes ascending, then descending, then ascending again, whatever the type.
    sortDescFirst: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    // Editing or refreshing a row keeps the page and the open rows where they are.
    autoResetPageIndex: false,
    autoResetExpanded: false,
    manualPagination: serverMode,
    manualSorting: serverMode,
    manualFiltering: serverMode,
    ...(serverMode ? { rowCount: pageQuery.data?.filtered ?? 0 } : {}),
    getCoreRowModel: getCoreRowModel(),
    ...(serverMode
      ? {}
      : {
          getFilteredRowModel: getFilteredRowModel(),
          getSortedRowModel: getSortedRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
        }),
  });

  const isInitialLoading = serverMode ? pageQuery.isPending && pageQuery.fetchStatus !== 'idle' : isLoading;
  const isFetching = serverMode ? pageQuery.isFetching : isLoading;
  const filtered = table.getRowCount();
  const total = serverMode ? (pageQuery.data?.total ?? 0) : (rows?.length ?? 0);
  const pageCount = Math.max(1, table.getPageCount());
  const page = pagination.pageIndex + 1;
  const hasData = serverMode ? pageQuery.data !== undefined : rows !== undefined;

  // A delete or a narrower filter can leave us past the last page.
  useEffect(() => {
    if (hasData && page > pageCount) table.setPageIndex(pageCount - 1);
  }, [hasData, page, pageCount, table]);

  const refresh = () => {
    if (serverMode) void queryClient.invalidateQueries({ queryKey: queryKey ?? ['data-table', tableId] });
    else onRefresh?.();
  };

  const goTo = (target: number) => table.setPageIndex(Math.min(Math.max(1, Math.trunc(target) || 1), pageCount) - 1);

  const headers = table.getHeaderGroups()[0]!.headers;
  const hasFilters = headers.some((header) => header.column.getCanFilter());
  const columnCount = headers.length + (renderExpanded ? 1 : 0) + (rowActions ? 1 : 0);
  const items = table.getRowModel().rows;
  const showRefresh = serverMode || onRefresh !== undefined;
  const columnOf = (id: string) => columns.find((c) => c.key === id)!;

  return (
    <>
      {rowsQuery?.isError && loadError !== undefined && <ErrorBanner title={loadError} error={rowsQuery.error} />}
      <div className="data-table">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          {showRefresh && (
            <Button variant="outline-secondary" size="sm" onClick={refresh} disabled={isFetching} aria-label="Refresh">
              {isFetching ? (
                <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              ) : (
                <span aria-hidden="true" className="me-1">
                  ↻
                </span>
              )}
              Refresh
            </Button>
          )}
          {toolbar}
          {renderExport?.({ sort: serverQuery.sort, filters: serverQuery.filters })}
          {isFetching && !isInitialLoading && <BusyStatus className="ms-auto">Loading...</BusyStatus>}
        </div>

        {serverMode && pageQuery.isError && (
          <Banner variant="danger" title="The list could not be loaded" className="py-2">
            <small>{errorText(pageQuery.error)}</small>
          </Banner>
        )}

        <div className="table-responsive border rounded">
          <Table hover size="sm" className="align-middle mb-0" aria-label={caption} aria-busy={isFetching}>
            <thead>
              <tr>
                {renderExpanded && (
                  <th scope="col" style={{ width: '2.5rem' }}>
                    <span className="visually-hidden">Details</span>
                  </th>
                )}
                {headers.map(({ column }) => {
                  const { header, className, width } = columnOf(column.id);
                  const sortable = column.getCanSort();
                  const sorted = column.getIsSorted();
                  const direction = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      className={className}
                      style={width ? { width } : undefined}
                      aria-sort={sortable ? direction : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="btn btn-link p-0 text-reset fw-semibold text-decoration-none data-table-sort"
                          onClick={() => column.toggleSorting()}
                          title={`Sort by ${header}`}
                        >
                          {header}
                          <span
                            aria-hidden="true"
                            className={`ms-1 ${direction === 'none' ? 'text-body-tertiary' : ''}`}
                          >
                            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        header
                      )}
                    </th>
                  );
                })}
                {rowActions && (
                  <th scope="col" className="text-end">
                    Actions
                  </th>
                )}
              </tr>
              {hasFilters && (
                <tr>
                  {renderExpanded && <th scope="col" aria-hidden="true" />}
                  {headers.map(({ column }) => (
                    <th key={column.id} scope="col" className="fw-normal py-1">
                      {column.getCanFilter() && (
                        <Form.Control
                          size="sm"
                          type="search"
                          placeholder="Filter..."
                          aria-label={`Filter ${columnOf(column.id).header}`}
                          value={filterInputs[column.id] ?? ''}
                          onChange={(e) =>
                            setFilterInputs((previous) => ({ ...previous, [column.id]: e.target.value }))
                          }
                        />
                      )}
                    </th>
                  ))}
                  {rowActions && <th scope="col" aria-hidden="true" />}
                </tr>
              )}
            </thead>
            <tbody style={isFetching && !isInitialLoading ? { opacity: 0.6 } : undefined}>
              {isInitialLoading && <LoadingRow colSpan={columnCount} />}
              {!isInitialLoading && items.length === 0 && (
                <tr>
                  <td colSpan={columnCount} className="text-center text-secondary py-4">
                    {emptyText}
                  </td>
                </tr>
              )}
              {!isInitialLoading &&
                items.map((row) => {
                  const isOpen = row.getIsExpanded();
                  const detailsId = `${tableId}-details-${row.id}`;
                  return (
                    <Fragment key={row.id}>
                      <tr className={isOpen ? 'table-active' : undefined}>
                        {renderExpanded && (
                          <td>
                            <Button
                              variant="link"
                              size="sm"
                              className="p-1 lh-1 d-inline-flex"
                              aria-expanded={isOpen}
                              aria-controls={isOpen ? detailsId : undefined}
                              aria-label={`${isOpen ? 'Collapse' : 'Expand'} row ${row.id}`}
                              onClick={row.getToggleExpandedHandler()}
                            >
                              <Chevron open={isOpen} />
                            </Button>
                          </td>
                        )}
                        {row.getVisibleCells().map((cell) => {
                          const column = columnOf(cell.column.id);
                          return (
                            <td key={cell.id} className={column.className}>
                              {column.render
                                ? column.render(row.original)
                                : String(readField(row.original, column.key) ?? '')}
                            </td>
                          );
                        })}
                        {rowActions && (
                          <td className="text-end text-nowrap">
                            <div className="d-inline-flex gap-1 data-table-actions">{rowActions(row.original)}</div>
                          </td>
                        )}
                      </tr>
                      {renderExpanded && isOpen && (
                        <DetailsRow id={detailsId} className="data-table-details" colSpan={columnCount} padX="px-4">
                          {renderExpanded(row.original)}
                        </DetailsRow>
                      )}
                    </Fragment>
                  );
                })}
            </tbody>
          </Table>
        </div>

        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2 small">
          <div className="d-flex align-items-center gap-2">
            <Form.Label htmlFor={`${tableId}-size`} className="mb-0 text-secondary text-nowrap">
              Rows per page
            </Form.Label>
            <Form.Select
              id={`${tableId}-size`}
              size="sm"
              style={{ width: 'auto' }}
              value={pagination.pageSize}
              onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Form.Select>
          </div>

          <div className="text-secondary" aria-live="polite">
            Showing {filtered} of {total} rows
          </div>

          <nav aria-label={caption ? `${caption} pages` : 'Pages'} className="d-flex align-items-center gap-1">
            <PagerButton label="First page" onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>
              «
            </PagerButton>
            <PagerButton
              label="Previous page"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
            >
              ‹
            </PagerButton>
            <GoToPage page={page} pageCount={pageCount} onGo={goTo} />
            <PagerButton label="Next page" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              ›
            </PagerButton>
            <PagerButton label="Last page" onClick={() => table.lastPage()} disabled={!table.getCanNextPage()}>
              »
            </PagerButton>
          </nav>
        </div>
      </div>
    </>
  );
}

/** One of the pager's arrow buttons; `label` names it for screen readers. */
function PagerButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Button variant="outline-secondary" size="sm" onClick={onClick} disabled={disabled} aria-label={label}>
      {children}
    </Button>
  );
}

/** "Page [n] of N": type a number and press Enter (or leave the field) to jump there. */
function GoToPage({ page, pageCount, onGo }: { page: number; pageCount: number; onGo: (page: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft.trim() !== '') onGo(Number(draft));
    setDraft(null);
  };
  return (
    <span className="d-inline-flex align-items-center gap-1 mx-1 text-nowrap">
      <span className="text-secondary">Page</span>
      <Form.Control
        size="sm"
        type="number"
        min={1}
        max={pageCount}
        aria-label="Go to page"
        style={{ width: '4.5rem' }}
        value={draft ?? String(page)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            setDraft(null);
          }
        }}
      />
      <span className="text-secondary">of {pageCount}</span>
    </span>
  );
}
