import type { ComponentType } from 'react';
import { Spinner } from 'react-bootstrap';
import { lazyComponent, type LazyComponent } from '../../lib/lazy-component';

export interface LoadingProps {
  /** Defaults to the spec's spinner text, 'Loading...'. */
  text?: string;
  /** Centre in the whole viewport rather than in the surrounding block. */
  fullPage?: boolean;
}

export function Loading({ text = 'Loading...', fullPage = false }: LoadingProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`d-flex align-items-center justify-content-center gap-2 text-secondary ${
        fullPage ? 'loading-full-page' : 'py-5'
      }`}
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A page or tab in its own chunk (lib/lazy-component.tsx): the Loading... spinner stands in until it arrives. */
export function lazyWithLoading<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  return lazyComponent(load, <Loading />);
}
