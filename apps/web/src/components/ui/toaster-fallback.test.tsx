import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../test/render-with-query';
import { lazyComponent } from '../../lib/lazy-component';
import { useToast, type Toaster } from './toaster';

// The stack fails as a chunk that cannot be loaded does (React throws the lazy load's error where
// the component renders): the network dropped, or a new release removed the old chunk.
vi.mock('./toast-stack', () => ({
  ToastStack: () => {
    throw new Error('Failed to fetch dynamically imported module');
  },
}));

// React reports each error a boundary catches on the console: expected here.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

function Page({ onReady }: { onReady: (t: Toaster) => void }) {
  onReady(useToast());
  return <textarea aria-label="Notes" defaultValue="unsaved words" />;
}

describe('toasts without their chunk', () => {
  it('still show the message as a plain alert, and the page with its edits stays', async () => {
    let toaster!: Toaster;
    renderWithQuery(<Page onReady={(t) => (toaster = t)} />);
    act(() => toaster.saveResult({ kind: 'update-failed', error: 'Job Name is too long.' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Update failed');
    expect(alert.textContent).toContain('Job Name is too long.');
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('unsaved words');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Could not load</p> : this.props.children;
  }
}

describe('lazyComponent after a failed load', () => {
  it('loads again on the next render instead of failing for good', async () => {
    let attempts = 0;
    const Tab = lazyComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network');
      return () => <p>The tab</p>;
    });
    const first = renderWithQuery(
      <Boundary>
        <Tab />
      </Boundary>,
    );
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    first.unmount();
    renderWithQuery(
      <Boundary>
        <Tab />
      </Boundary>,
    );
    expect(await screen.findByText('The tab')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
