import { describe, expect, it } from 'vitest';
import { EXPIRING_QUOTE_STATUSES, quoteExpiryCutoff, quoteLabel, quoteNumberText, quoteStatusOf } from './quotes.js';

describe('quoteNumberText and quoteLabel', () => {
  it.each([
    [16, undefined, '16', 'Quote 16'],
    [16, 1, '16', 'Quote 16'],
    [16, 2, '16 rev 2', 'Quote 16 rev 2'],
    [1040, 12, '1040 rev 12', 'Quote 1040 rev 12'],
    // A revision of 0 or less is a first revision as far as the name goes.
    [3, 0, '3', 'Quote 3'],
  ])('%i revision %s is %s, %s', (number, revision, text, label) => {
    expect(quoteNumberText(number, revision)).toBe(text);
    expect(quoteLabel(number, revision)).toBe(label);
  });
});

describe('quoteExpiryCutoff', () => {
  it('is today less the validity days', () => {
    expect(quoteExpiryCutoff('2026-11-29', 30)).toBe('2026-10-30');
    expect(quoteExpiryCutoff('2026-03-01', 1)).toBe('2026-02-28');
    expect(quoteExpiryCutoff('2024-03-01', 1)).toBe('2024-02-29');
    expect(quoteExpiryCutoff('2026-01-05', 10)).toBe('2025-12-26');
  });

  it('is today with a validity of 0 days', () => {
    expect(quoteExpiryCutoff('2026-11-29', 0)).toBe('2026-11-29');
  });

  it('is null when quotes do not expire', () => {
    expect(quoteExpiryCutoff('2026-11-29', null)).toBeNull();
  });
});

describe('quoteStatusOf', () => {
  const cutoff = '2026-10-30';

  it('names only Draft and Sent as expiring', () => {
    expect(EXPIRING_QUOTE_STATUSES).toEqual(['Draft', 'Sent']);
  });

  it.each(['Draft', 'Sent'])('a %s quote dated before the cutoff is Expired', (stored) => {
    expect(quoteStatusOf(stored, '2026-10-29', cutoff)).toBe('Expired');
  });

  it.each(['Draft', 'Sent'])('a %s quote dated on or after the cutoff keeps its status', (stored) => {
    expect(quoteStatusOf(stored, '2026-10-30', cutoff)).toBe(stored);
    expect(quoteStatusOf(stored, '2026-11-29', cutoff)).toBe(stored);
  });

  it.each(['Accepted', 'Declined', 'Expired'])('an old %s quote keeps its stored status', (stored) => {
    expect(quoteStatusOf(stored, '2020-01-01', cutoff)).toBe(stored);
  });

  it('never expires a quote when there is no cutoff', () => {
    expect(quoteStatusOf('Draft', '2000-01-01', null)).toBe('Draft');
    expect(quoteStatusOf('Sent', '2000-01-01', null)).toBe('Sent');
  });
});
