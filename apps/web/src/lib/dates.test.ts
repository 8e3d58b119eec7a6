import { describe, expect, it } from 'vitest';
import { dayText, monthText } from './dates';

describe('dates', () => {
  it('writes a day as the month and the day', () => {
    expect(dayText('2026-11-28')).toBe('Nov 28');
    expect(dayText('2026-01-05')).toBe('Jan 5');
    expect(dayText('2025-12-31')).toBe('Dec 31');
  });

  it('writes a month as the month and the year, from a month or a day', () => {
    expect(monthText('2026-11')).toBe('Nov 2026');
    expect(monthText('2026-02-01')).toBe('Feb 2026');
  });
});
