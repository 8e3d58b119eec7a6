import type { ImportJob, ImportPreview } from '@desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { stubAdmin, openAdminTab } from './admin-test-utils';
import { bodyCells } from '../../test/tables';

const preview = (over: Partial<ImportPreview> = {}): ImportPreview => ({
  kind: 'products',
  rows: 3,
  creates: 2,
  updates: 0,
  unchanged: 0,
  headers: ['Part No', 'Desc', 'Price', 'Kind'],
  mapping: { itemNo: 'Part No', itemDescription: 'Desc', wholesalePrice: 'Price' },
  mappingSource: 'guessed',
  sample: [],
  problems: [{ row: 3, column: 'Price', message: "Wholesale price 'abc' is not an amount of money" }],
  problemCount: 1,
  badRows: 1,
  updated: [],
  ...over,
});

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 7,
  kind: 'products',
  mode: 'valid',
  state: 'running',
  fileName: 'parts.csv',
  total: 3,
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  problems: [],
  problemCount: 0,
  message: null,
  longestWriteMs: 0,
  startedAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** The form fields of each POST /api/import/products, oldest first. */
const sentForms = (fetchMock: ReturnType<typeof stubAdmin>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/import/products' && init?.method === 'POST')
    .map(([, init]) => {
      const form = init!.body as FormData;
      return {
        mapping: form.get('mapping') === null ? null : JSON.parse(String(form.get('mapping'))),
        mode: form.get('mode'),
        dryRun: form.get('dryRun'),
        file: (form.get('file') as File).name,
        key: (init!.headers as Record<string, string>)['Idempotency-Key'] ?? null,
      };
    });

describe('Admin > Import', () => {
  it('previews the file: the counts, the guessed mapping as selects, the problems by row; an edited mapping is previewed again', async () => {
    let previews = 0;
    const { fetchMock, user } = openAdminTab('import', {
      'POST /api/import/products': () =>
        ok(
          ++previews === 1
            ? preview()
            : preview({ mappingSource: 'given', mapping: { itemNo: 'Part No', wholesalePrice: 'Price' } }),
        ),
    });
    await user.upload(
      await screen.findByLabelText(/File \(CSV or XLSX/),
      new File(['Part No,Desc,Price\nA,1,2'], 'parts.csv'),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText(/2 new, 0 to update; 1 problem in 1 row/)).toBeInTheDocument();
    expect(screen.getByText(/guessed from the headers/)).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLSelectElement>('Item No (needed)').value).toBe('Part No');
    expect(screen.getByLabelText<HTMLSelectElement>('Product type').value).toBe('');
    const table = screen.getByRole('table', { name: 'Problems, by row' });
    const cells = bodyCells(table);
    expect(cells).toEqual([['3', 'Price', "Wholesale price 'abc' is not an amount of money"]]);
    // Mode 'all' with a problem: nothing to run until the rows are mended or skipped.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 2 products' }).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Description'), '');
    expect(screen.getByText(/changed, preview again to check/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview again' }));
    await waitFor(() => expect(screen.getByText(/as you chose/)).toBeInTheDocument());
    expect(sentForms(fetchMock)).toEqual([
      { mapping: null, mode: 'all', dryRun: 'true', file: 'parts.csv', key: null },
      {
        mapping: { itemNo: 'Part No', wholesalePrice: 'Price' },
        mode: 'all',
        dryRun: 'true',
        file: 'parts.csv',
        key: null,
      },
    ]);
  });

  it('runs the import with the checked mapping and shows the job progress, then the result', async () => {
    let polls = 0;
    const fetchMock = stubAdmin({
      'GET /api/import/jobs/7': () => {
        polls++;
        if (polls === 1) return ok(job({ processed: 1 }));
        return ok(
          job({
            state: 'done',
            processed: 3,
            created: 2,
            skipped: 1,
            problems: preview().problems,
            problemCount: 1,
          }),
        );
      },
    });
    // The uploads: the first is the preview (200), the next the run (202 with the job).
    let posts = 0;
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/import/products') {
        posts++;
        return new Response(
          JSON.stringify({ status: 'OK', data: posts === 1 ? preview() : { jobId: 7 }, message: '' }),
          { status: posts === 1 ? 200 : 202, headers: { 'Content-Type': 'application/json' } },
        );
      }
      return answer(input, init);
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=import');
    await user.upload(await screen.findByLabelText(/File \(CSV or XLSX/), new File(['x'], 'parts.csv'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(/2 new/);
    await user.click(screen.getByLabelText('Import the rows without problems, skip the others'));
    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));

    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('Importing parts.csv: 1 of 3 rows')).toBeInTheDocument();
    expect(
      await screen.findByText('Imported: 2 new, 0 updated, 1 row with problems skipped.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const run = sentForms(fetchMock)[1]!;
    expect(run).toMatchObject({
      mapping: { itemNo: 'Part No', itemDescription: 'Desc', wholesalePrice: 'Price' },
      mode: 'valid',
      dryRun: 'false',
    });
    expect(run.key).toMatch(/.{8,}/);
  });

  it('names each row it will update, with the old and new values (issue 36)', async () => {
    const { user } = openAdminTab('import', {
      'POST /api/import/products': () =>
        ok(
          preview({
            creates: 1,
            updates: 2,
            problems: [],
            problemCount: 0,
            badRows: 0,
            updated: [
              {
                row: 2,
                record: 'ROL-10B',
                changes: [
                  { field: 'itemDescription', label: 'Description', from: 'Roller', to: 'Nylon roller' },
                  { field: 'wholesalePrice', label: 'Wholesale price', from: '3.00', to: '3.25' },
                ],
              },
              {
                row: 4,
                record: 'SEAL-T-16',
                changes: [{ field: 'multiplierCategory', label: 'Multiplier category', from: null, to: 'Opener' }],
              },
            ],
          }),
        ),
    });
    await user.upload(await screen.findByLabelText(/File \(CSV or XLSX/), new File(['x'], 'parts.csv'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const region = await screen.findByRole('region', { name: 'Rows to update' });
    const table = within(region).getByRole('table');
    const lines = bodyCells(table);
    expect(lines).toEqual([
      ['2', 'ROL-10B', 'Description', 'Roller', 'Nylon roller'],
      ['Wholesale price', '3.00', '3.25'],
      ['4', 'SEAL-T-16', 'Multiplier category', '(empty)', 'Opener'],
    ]);
  });
});
