import { Component, createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { BannerVariant } from './banner';
import { errorText } from '../../lib/api-client';
import type { SaveResult } from './result-banner';

export interface ToastInput {
  variant: BannerVariant;
  /** Bold first line, e.g. 'Update Succeeded' or 'Create failed'. */
  title: string;
  /** Detail under the title, e.g. the server's message. */
  body?: string;
  /**
   * Toasts with the same key replace each other (a new error replaces the old one instead of
   * stacking beside it). Defaults to the title.
   */
  key?: string;
}

export interface ShownToast extends Required<Omit<ToastInput, 'body'>> {
  body?: string;
  id: number;
}

export interface Toaster {
  show(toast: ToastInput): void;
  success(title: string, body?: string): void;
  error(title: string, body?: string | unknown): void;
  /** The outcome of a create or update, with the messages of the error catalogue. */
  saveResult(result: SaveResult): void;
  dismiss(key: string): void;
}

/** At most this many toasts at once: the oldest goes first. */
const MAX_SHOWN = 3;

const ToastContext = createContext<Toaster | null>(null);

/**
 * The stack's code (React-Bootstrap's Toast and its fade) is its own chunk, loaded with the first
 * toast or when the browser is idle (preloadToastStack), so no page's first paint carries it.
 */
const ToastStack = lazyComponent(() => import('./toast-stack').then((m) => m.ToastStack));
export const preloadToastStack = ToastStack;

/**
 * The toasts as plain alerts, when the stack's chunk cannot be loaded (the network dropped, or a
 * new release removed the old chunk): the message still shows, and the page under it, with its
 * unsaved edits, stays (the stack sits above the pages' error boundary).
 */
class ToastStackBoundary extends Component<
  { toasts: ShownToast[]; onClose: (id: number) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="toast-container position-fixed top-0 end-0 p-3" style={{ zIndex: 1090 }}>
        {this.props.toasts.map((t) => (
          <div
            key={t.id}
            className={`alert alert-${t.variant} d-flex align-items-start gap-2`}
            role={t.variant === 'danger' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <div className="flex-grow-1">
              <strong>{t.title}</strong>
              {t.body && <div>{t.body}</div>}
            </div>
            <button type="button" className="btn-close" aria-label="Close" onClick={() => this.props.onClose(t.id)} />
          </div>
        ))}
      </div>
    );
  }
}

/**
 * One toast system for the whole app (React-Bootstrap's Toast): results and errors show in the
 * top-right corner of the viewport, above any modal, wherever the user has scrolled to.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((key: string) => setToasts((all) => all.filter((t) => t.key !== key)), []);
  const close = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  const show = useCallback((input: ToastInput) => {
    const toast: ShownToast = { ...input, key: input.key ?? input.title, id: nextId.current++ };
    // A new error replaces every earlier error (whatever its key): only the latest problem shows.
    const replaced = (t: ShownToast) => t.key === toast.key || (toast.variant === 'danger' && t.variant === 'danger');
    setToasts((all) => [...all.filter((t) => !replaced(t)), toast].slice(-MAX_SHOWN));
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      show,
      dismiss,
      success: (title, body) => show({ variant: 'success', title, body }),
      error: (title, body) =>
        show({ variant: 'danger', title, body: body === undefined ? undefined : errorText(body), key: 'error' }),
      saveResult: (result) => {
        switch (result.kind) {
          case 'created':
            return show({
              variant: 'success',
              title: `Create succeeded - ID: ${result.id}`,
              body: result.message,
              key: 'save',
            });
          case 'updated':
            return show({ variant: 'success', title: 'Update Succeeded', key: 'save' });
          case 'create-failed':
            return show({ variant: 'danger', title: 'Create failed', body: result.error, key: 'save' });
          case 'update-failed':
            return show({ variant: 'danger', title: 'Update failed', body: result.error, key: 'save' });
        }
      },
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {toasts.length > 0 && (
        <ToastStackBoundary toasts={toasts} onClose={close}>
          <ToastStack toasts={toasts} onClose={close} />
        </ToastStackBoundary>
      )}
    </ToastContext.Provider>
  );
}

/** The app's toasts; components rendered outside the providers get a clear error. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs <ToastProvider> (AppProviders includes it)');
  return toaster;
}
