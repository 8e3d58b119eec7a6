import type { Page } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../test/render-with-query';
import { DataTable, type Column, type DataTableProps, type ServerQuery } from './data-table';

interface Door {
  id: number;
  itemNo: string;
  description: string;
}

const doors: Door[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  itemNo: `SD-${String(i + 1).padStart(3, '0')}`,
  description: i % 2 === 0 ? 'Insulated steel sectional' : 'Torsion spring',
}));

const columns: Column<Door>[] = [
  { key: 'id', header: 'ID' },
  { key: 'itemNo', header: 'Item No' },
  { key: 'description', header: 'Description' },
];

/** A fake server: answers pages of `doors` honouring sort and the description filter. */
function fakeServer() {
  return vi.fn(async (q: ServerQuery): Promise<Page<Door>> => {
    let rows = doors.filter(
      (d) => !q.filters.description || d.description.toLowerCase().includes(q.filters.description),
    );
    if (q.sort === '-id') rows = [...rows].reverse();
    return {
      items: rows.slice((q.page - 1) * q.size, q.page * q.size),
      filtered: rows.length,
      total: doors.length,
      page: q.page,
      size: q.size,
    };
  });
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Doors' }))
    .getAllByRole('row')
    .slice(2);
const firstCell = () => within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent;

/** The doors table in server mode, sorted by id, with any further props. */
const renderServerDoors = (fetchPage: DataTableProps<Door>['fetchPage'], more: Partial<DataTableProps<Door>> = {}) =>
  renderWithQuery(
    <DataTable
      caption="Doors"
      columns={columns}
      rowKey={(d) => d.id}
      fetchPage={fetchPage}
      queryKey={['doors']}
      initialSort="id"
      {...more}
    />,
  );

describe('DataTable, server mode', () => {
  it('asks for page 1 of 10, then shows the rows and the filtered and total counts', async () => {
    const fetchPage = fakeServer();
    renderServerDoors(fetchPage);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('SD-001')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, size: 10, sort: 'id', filters: {} });
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 25 of 25 rows')).toBeInTheDocument();
    expect(screen.getByText('of 3')).toBeInTheDocument();
  });

  it('sends the sort, a debounced filter and the page size, and shows the filtered count', async () => {
    const fetchPage = fakeServer();
    const user = userEvent.setup();
    renderServerDoors(fetchPage);
    await screen.findByText('SD-001');

    await user.click(screen.getByRole('button', { name: /^ID/ }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ sort: '-id' })));
    await waitFor(() => expect(firstCell()).toBe('25'));
    expect(screen.getByRole('columnheader', { name: /^ID/ }).getAttribute('aria-sort')).toBe('descending');

    const callsBefore = fetchPage.mock.calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Filter Description' }), 'spring');
    // One request after the pause, not one per keystroke.
    await waitFor(() => expect(screen.getByText('Showing 12 of 25 rows')).toBeInTheDocument());
    expect(fetchPage.mock.calls.length).toBe(callsBefore + 1);
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: '-id', filters: { description: 'spring' } });

    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ size: 20, page: 1 })));
    await waitFor(() => expect(bodyRows()).toHaveLength(12));
  });

  it('moves with first, previous, next, last and go-to-page', async () => {
    const fetchPage = fakeServer();
    const user = userEvent.setup();
    renderServerDoors(fetchPage);
    await screen.findByText('SD-001');

    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(firstCell()).toBe('11'));
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(firstCell()).toBe('21'));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(firstCell()).toBe('11'));

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(firstCell()).toBe('1'));

    const goTo = screen.getByRole('spinbutton', { name: 'Go to page' });
    await user.clear(goTo);
    await user.type(goTo, '3{Enter}');
    await waitFor(() => expect(firstCell()).toBe('21'));
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 }));

    // Past the end goes to the last page.
    await user.clear(goTo);
    await user.type(goTo, '99{Enter}');
    expect((goTo as HTMLInputElement).value).toBe('3');
  });

  it('expands a row to show its details, and offers row actions and the toolbar', async () => {
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderServerDoors(fakeServer(), {
      renderExpanded: (d) => <p>Details of {d.itemNo}</p>,
      rowActions: (d) => (
        <button type="button" onClick={() => onEdit(d.id)} aria-label={`Edit door ${d.id}`}>
          Edit
        </button>
      ),
      toolbar: <button type="button">Create Door</button>,
    });
    await screen.findByText('SD-001');

    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Door' })).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Expand row 2' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByText('Details of SD-002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse row 2' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Collapse row 2' }));
    expect(screen.queryByText('Details of SD-002')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit door 3' }));
    expect(onEdit).toHaveBeenCalledWith(3);
  });

  it('asks again on Refresh and shows the empty text and a load error', async () => {
    let fail = false;
    const fetchPage = vi.fn(async (q: ServerQuery): Promise<Page<Door>> => {
      if (fail) throw new Error('Database is down');
      return { items: [], filtered: 0, total: 0, page: q.page, size: q.size };
    });
    const user = userEvent.setup();
    renderServerDoors(fetchPage, { initialSort: undefined, emptyText: 'No doors yet' });

    expect(await screen.findByText('No doors yet')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 rows')).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
  });
});

describe('DataTable, client mode', () => {
  it('filters, sorts and pages the given rows in the browser', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    renderWithQuery(
      <DataTable caption="Doors" columns={columns} rowKey={(d) => d.id} rows={doors} onRefresh={onRefresh} />,
    );

    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 25 of 25 rows')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter Description' }), 'SPRÎNG');
    await waitFor(() => expect(screen.getByText('Showing 12 of 25 rows')).toBeInTheDocument());
    expect(bodyRows()).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: /^Item No/ }));
    await user.click(screen.getByRole('button', { name: /^Item No/ }));
    expect(firstCell()).toBe('24');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyRows()).toHaveLength(2);
    expect(firstCell()).toBe('4');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('sorts a number column ascending first, then descending, never back to unsorted', async () => {
    const user = userEvent.setup();
    renderWithQuery(<DataTable caption="Doors" columns={columns} rowKey={(d) => d.id} rows={[...doors].reverse()} />);
    expect(firstCell()).toBe('25');

    const idHeader = () => screen.getByRole('columnheader', { name: /^ID/ });
    await user.click(screen.getByRole('button', { name: /^ID/ }));
    expect(firstCell()).toBe('1');
    expect(idHeader().getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /^ID/ }));
    expect(firstCell()).toBe('25');
    expect(idHeader().getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /^ID/ }));
    expect(firstCell()).toBe('1');
  });

  it('keeps the page and the open rows when the caller hands in changed rows', async () => {
    const user = userEvent.setup();
    const table = (rows: Door[]) => (
      <DataTable
        caption="Doors"
        columns={columns}
        rowKey={(d) => d.id}
        rows={rows}
        renderExpanded={(d) => <p>Details of {d.itemNo}</p>}
      />
    );
    const view = renderWithQuery(table(doors));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Expand row 12' }));
    expect(screen.getByText('Details of SD-012')).toBeInTheDocument();

    // E.g. a row edited on page 2: the list comes back as a new array.
    view.rerender(table(doors.map((d) => (d.id === 12 ? { ...d, itemNo: 'SD-012B' } : { ...d }))));
    await screen.findByText('Details of SD-012B');
    await new Promise((resolve) => setTimeout(resolve, 50)); // a reset would come in a later task
    expect(screen.getByText('Details of SD-012B')).toBeInTheDocument();
    expect((screen.getByRole('spinbutton', { name: 'Go to page' }) as HTMLInputElement).value).toBe('2');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('11');

    // Fewer rows than the page needs: back to the last page there is.
    view.rerender(table(doors.slice(0, 5)));
    await waitFor(() =>
      expect((screen.getByRole('spinbutton', { name: 'Go to page' }) as HTMLInputElement).value).toBe('1'),
    );
    expect(screen.getByText('Showing 5 of 5 rows')).toBeInTheDocument();
  });

  it('shows a spinner while the caller loads', () => {
    renderWithQuery(<DataTable caption="Doors" columns={columns} rowKey={(d) => d.id} rows={[]} isLoading />);
    expect(within(screen.getByRole('table', { name: 'Doors' })).getByRole('status').textContent).toContain(
      'Loading...',
    );
  });
});
