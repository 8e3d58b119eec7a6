import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../test/render-with-query';
import { useToast, type Toaster } from './toaster';

function Harness({ onReady }: { onReady: (t: Toaster) => void }) {
  onReady(useToast());
  return null;
}

function setup() {
  let toaster!: Toaster;
  renderWithQuery(<Harness onReady={(t) => (toaster = t)} />);
  return () => toaster;
}

describe('toasts', () => {
  it('shows the error catalogue messages for save results', () => {
    const t = setup();
    act(() => t().saveResult({ kind: 'created', id: 42, message: 'Order created' }));
    expect(screen.getByText('Create succeeded - ID: 42')).toBeInTheDocument();
    expect(screen.getByText('Order created')).toBeInTheDocument();
  });

  it('replaces an old error instead of stacking a new one beside it', () => {
    const t = setup();
    act(() => t().saveResult({ kind: 'update-failed', error: 'Job Name is too long.' }));
    act(() => t().saveResult({ kind: 'update-failed', error: 'Customer is required.' }));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(within(toasts[0]!).getByText('Customer is required.')).toBeInTheDocument();
    expect(screen.queryByText('Job Name is too long.')).toBeNull();
  });

  it('a success replaces the error of the same action, and fades by itself', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const t = setup();
      act(() => t().saveResult({ kind: 'update-failed', error: 'Stale version.' }));
      act(() => t().saveResult({ kind: 'updated' }));
      expect(screen.getAllByTestId('toast')).toHaveLength(1);
      expect(screen.getByText('Update Succeeded')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(6000));
      expect(screen.queryByText('Update Succeeded')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a new error of another action replaces the old error too', () => {
    const t = setup();
    act(() => t().saveResult({ kind: 'update-failed', error: 'Stale version.' }));
    act(() => t().success('Email sent'));
    act(() => t().error('Export failed', new Error('Quote 6 does not exist.')));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((x) => x.textContent)).toEqual(['Email sent', 'Export failedQuote 6 does not exist.']);
  });

  it('errors stay until dismissed', async () => {
    const t = setup();
    act(() => t().error('Send Email failed', new Error('The mail server refused the message.')));
    expect(screen.getByText('The mail server refused the message.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Send Email failed')).toBeNull();
  });

  it('shows at most three at once', () => {
    const t = setup();
    act(() => {
      for (let i = 1; i <= 5; i++) t().success(`Saved ${i}`);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    expect(screen.queryByText('Saved 1')).toBeNull();
    expect(screen.getByText('Saved 5')).toBeInTheDocument();
  });
});
