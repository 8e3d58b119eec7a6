import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (the live stream of lib/live-events.ts): the test
 * opens, fails and feeds it. `stubEventSource` puts it in place of the browser's.
 */
export class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  /** The state a new stream starts in: CONNECTING until the test opens it, or OPEN at once. */
  static startState = FakeEventSource.CONNECTING;
  readyState = FakeEventSource.startState;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(e: { data: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
  fail(forGood: boolean) {
    this.readyState = forGood ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

/** The browser's EventSource replaced by a fresh FakeEventSource (undo with vi.unstubAllGlobals). */
export function stubEventSource({ startOpen = false }: { startOpen?: boolean } = {}) {
  FakeEventSource.made = [];
  FakeEventSource.startState = startOpen ? FakeEventSource.OPEN : FakeEventSource.CONNECTING;
  vi.stubGlobal('EventSource', FakeEventSource);
}
