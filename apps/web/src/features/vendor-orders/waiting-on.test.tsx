import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitingOn } from './waiting-on';

describe('WaitingOn', () => {
  it('names each vendor order with its expected day as the month and the day', () => {
    render(
      <WaitingOn
        items={[
          { vendorOrderId: 7, name: 'Clopay stock', expected: '2026-11-28', overdue: false },
          { vendorOrderId: 8, name: 'Amarr springs', expected: '2026-01-05', overdue: true },
          { vendorOrderId: 9, name: 'LiftMaster openers', expected: '2025-12-31', overdue: true },
          { vendorOrderId: 10, name: 'Weather seal', expected: null, overdue: false },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Waiting on vendor order 7, expected Nov 28',
      'Waiting on vendor order 8, expected Jan 5 (overdue)',
      'Waiting on vendor order 9, expected Dec 31 (overdue)',
      'Waiting on vendor order 10, no date expected',
    ]);
    expect(screen.getByText(/vendor order 8/).className).toContain('text-danger');
  });

  it('shows nothing when the order waits on no vendor order', () => {
    const { container } = render(<WaitingOn items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
