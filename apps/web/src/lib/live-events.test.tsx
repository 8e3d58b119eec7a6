import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '../test/fake-event-source';
import { useLiveEvents } from './live-events';

describe('useLiveEvents', () => {
  beforeEach(() => {
    stubEventSource();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('calls the handler of each event with its data, and says whether the stream is up', () => {
    const bay = vi.fn();
    const { result } = renderHook(() => useLiveEvents({ bay }));
    expect(result.current).toBe('connecting');
    const es = FakeEventSource.made[0]!;
    expect(es.url).toBe('/api/events');
    act(() => es.open());
    expect(result.current).toBe('live');
    act(() => es.emit('bay', { bay: 3 }));
    expect(bay).toHaveBeenCalledWith({ bay: 3 });
    // The browser retries a dropped stream itself: offline meanwhile, no second stream.
    act(() => es.fail(false));
    expect(result.current).toBe('offline');
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it('opens a new stream after a refusal, with a pause that doubles, and stops when unmounted', () => {
    const { unmount } = renderHook(() => useLiveEvents({}));
    act(() => FakeEventSource.made[0]!.fail(true));
    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.made).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.made).toHaveLength(2);
    act(() => FakeEventSource.made[1]!.fail(true));
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.made).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.made).toHaveLength(3);
    unmount();
    expect(FakeEventSource.made[2]!.closed).toBe(true);
  });

  it('opens nothing while not enabled', () => {
    renderHook(() => useLiveEvents({}, false));
    expect(FakeEventSource.made).toHaveLength(0);
  });

  it('shares one stream between every screen that listens, closed when the last one goes', () => {
    const bay = vi.fn();
    const doc = vi.fn();
    const a = renderHook(() => useLiveEvents({ bay }));
    const b = renderHook(() => useLiveEvents({ document: doc }));
    expect(FakeEventSource.made).toHaveLength(1);
    const es = FakeEventSource.made[0]!;
    act(() => es.open());
    expect(b.result.current).toBe('live');
    act(() => es.emit('document', { kind: 'order', id: 7 }));
    expect(doc).toHaveBeenCalledWith({ kind: 'order', id: 7 });
    expect(bay).not.toHaveBeenCalled();
    a.unmount();
    expect(es.closed).toBe(false);
    b.unmount();
    expect(es.closed).toBe(true);
  });
});
