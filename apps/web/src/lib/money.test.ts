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
    expect(formatMoneyShort(0)).toBe('$0');
    expect(formatMoneyShort(12_049)).toBe('$120');
    expect(formatMoneyShort(12_050)).toBe('$121');
    expect(formatMoneyShort(99_999)).toBe('$1000');
    expect(formatMoneyShort(100_000)).toBe('$1k');
    expect(formatMoneyShort(1_249_999)).toBe('$12k');
    expect(formatMoneyShort(1_250_000)).toBe('$13k');
    expect(formatMoneyShort(-150)).toBe('$-1');
    expect(formatMoneyShort(-150_000)).toBe('$-1k');
  });

  it('gives an input field two decimals without separators', () => {
    expect(formatMoneyInput(1108.5)).toBe('1108.50');
    expect(formatMoneyInput(0)).toBe('0.00');
    expect(formatMoneyInput(1234567.8)).toBe('1234567.80');
    expect(formatMoneyInput(-12.5)).toBe('-12.50');
  });

  it('shows the tax rate as an exact percentage', () => {
    expect(formatTaxPercent(0.0975)).toBe('9.75');
    expect(formatTaxPercent(0.08)).toBe('8.00');
    expect(formatTaxPercent(0.09125)).toBe('9.125');
    expect(formatTaxPercent(0)).toBe('0.00');
  });
});
