import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../test/render-with-query';
import { useDiscardGuard } from './use-discard-guard';

function Editor({ onClose }: { onClose: () => void }) {
  const [value, setValue] = useState('');
  const { guard, dialog } = useDiscardGuard(value !== '');
  return (
    <>
      <label>
        Job Name
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button onClick={() => guard(onClose)}>Close</button>
      {dialog}
    </>
  );
}

describe('useDiscardGuard', () => {
  it('closes at once when nothing changed', async () => {
    const onClose = vi.fn();
    renderWithQuery(<Editor onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('Discard changes?')).toBeNull();
  });

  it('asks before losing an edit; Keep editing keeps it, Discard closes', async () => {
    const onClose = vi.fn();
    renderWithQuery(<Editor onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Job Name'), 'Garage 2');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep editing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Job Name') as HTMLInputElement).value).toBe('Garage 2');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks the browser before a page unload while dirty, and not after', async () => {
    renderWithQuery(<Editor onClose={() => {}} />);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('Job Name'), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
