import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestCollector } from '../src/lib/rest-collector.js';

describe('RestCollector: one collection once the server rests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once, restMs after the last request of a burst, and not again until a request comes', () => {
    vi.useFakeTimers({ now: 0 });
    const collect = vi.fn();
    const rest = new RestCollector(collect, 10_000, () => Date.now());
    const at = (ms: number) => vi.advanceTimersByTime(ms - Date.now());

    // Nothing has happened: nothing to collect.
    at(60_000);
    expect(collect).not.toHaveBeenCalled();

    // A burst: 50 requests at once, then one every second for 20 s.
    for (let i = 0; i < 50; i++) rest.touch();
    for (let t = 61_000; t <= 80_000; t += 1_000) {
      at(t);
      rest.touch();
    }
    expect(collect).not.toHaveBeenCalled();
    at(89_999);
    expect(collect).not.toHaveBeenCalled();
    at(90_000);
    expect(collect).toHaveBeenCalledTimes(1);

    // At rest: no more collections, however long.
    at(600_000);
    expect(collect).toHaveBeenCalledTimes(1);

    // The next request starts the next wait; stop() cancels it.
    rest.touch();
    at(610_000);
    expect(collect).toHaveBeenCalledTimes(2);
    rest.touch();
    rest.stop();
    at(700_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('keeps one timer for a burst of any size', () => {
    vi.useFakeTimers();
    const rest = new RestCollector(() => {}, 10_000);
    for (let i = 0; i < 10_000; i++) rest.touch();
    expect(vi.getTimerCount()).toBe(1);
    rest.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
