import { describe, expect, it } from 'vitest';
import {
  formatCurrencyCents,
  formatMoney,
  formatMoneyCents,
  formatMoneyInput,
  formatMoneyShort,
  formatTaxPercent,
} from './money';

describe('money text', () => {
  it('shows dollars with two decimals and thousands separators, and nothing when absent', () => {
    expect(formatMoney(1108.5)).toBe('1,108.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney(1234567.89)).toBe('1,234,567.89');
    expect(formatMoney(-12.5)).toBe('-12.50');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });

  it('shows cents the same way', () => {
    expect(formatMoneyCents(110850)).toBe('1,108.50');
    expect(formatMoneyCents(5)).toBe('0.05');
    expect(formatMoneyCents(-5)).toBe('-0.05');
  });

  it('shows cents with the dollar sign, the sign of a negative amount first', () => {
    expect(formatCurrencyCents(110850)).toBe('$1,108.50');
    expect(formatCurrencyCents(0)).toBe('$0.00');
    expect(formatCurrencyCents(-500)).toBe('-$5.00');
  });

  it('shortens cents to whole dollars, and thousands to k, for a chart axis', () => {
    const shown = [0, 12_049, 12_050, 99_999, 100_000, 1_249_999, 1_250_000, -150, -150_000].map(formatMoneyShort);
    expect(shown).toEqual(['$0', '$120', '$121', '$1000', '$1k', '$12k', '$13k', '$-1', '$-1k']);
  });

  it('gives an input field two decimals without separators', () => {
    expect([1108.5, 0, 1234567.8, -12.5].map(formatMoneyInput)).toEqual(['1108.50', '0.00', '1234567.80', '-12.50']);
  });

  it('shows the tax rate as an exact percentage', () => {
    expect(formatTaxPercent(0.0975)).toBe('9.75');
    expect(formatTaxPercent(0.08)).toBe('8.00');
    expect(formatTaxPercent(0.09125)).toBe('9.125');
    expect(formatTaxPercent(0)).toBe('0.00');
  });
});
