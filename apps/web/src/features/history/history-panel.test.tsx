import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { QuoteModal } from '../quotes/quote-modal';
import { aDocument } from '../documents/test/fixtures';
import { openLazySection, stubDocumentModal } from '../documents/test/open-section';

const noop = () => {};

describe('History in the quote modal', () => {
  it('asks for the history only when opened, and shows it in plain words, newest first', async () => {
    const quote = aDocument({ id: 16, kind: 'quote', jobName: 'Morgan residence', version: 3 });
    const item = (id: number, action: string, field: string | null, from: string | null, to: string | null) => ({
      id,
      at: '2026-11-24T15:04:00.000Z',
      user: 'admin',
      action,
      field,
      from,
      to,
    });
    const fetchMock = stubDocumentModal(quote, {
      'GET /api/quotes/16/history': ok({
        items: [
          item(3, 'price-override', 'line 2 (PKG-1607)', '1620.00', '1500.00'),
          item(2, 'line-added', 'line 2 (PKG-1607)', null, '2'),
          item(1, 'created', null, null, 'C-1001 Hendricks Overhead Door'),
        ],
        filtered: 3,
        total: 3,
        page: 1,
        size: 20,
      }),
    });
    const { dialog, asked } = await openLazySection(fetchMock, <QuoteModal show documentId={16} onClose={noop} />, {
      dialogName: /Quote/,
      jobName: 'Morgan residence',
      section: 'History',
      path: '/history',
    });
    const list = await within(dialog).findByTestId('history');
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[0]).toContain('admin changed the price of line 2 (PKG-1607) from $1,620.00 to $1,500.00');
    expect(rows[1]).toContain('admin added line 2 (PKG-1607), quantity 2');
    expect(rows[2]).toContain('admin created the quote for C-1001 Hendricks Overhead Door');
    await waitFor(() => expect(asked()).toBe(1));
  });
});
