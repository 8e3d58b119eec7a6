import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv.js';

describe('csvText', () => {
  it("puts a ' in front of every place a spreadsheet could start a formula, and nowhere else", () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvText(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvText('Acme;=1+1')).toBe("Acme;'=1+1");
    expect(csvText('Acme| "=1')).toBe('Acme|\' "=1');
    expect(csvText('Smith = Jones')).toBe('Smith = Jones');
    expect(csvText("'quoted")).toBe("'quoted");
  });
});

describe('csvField', () => {
  it('quotes every text field by default and doubles its quotes', () => {
    expect(csvField('Door')).toBe('"Door"');
    expect(csvField('-12.50')).toBe(`"'-12.50"`);
    expect(csvField('The "Best" Doors')).toBe('"The ""Best"" Doors"');
  });

  it('quotes only a field with a quote, a comma or a line break when asked to', () => {
    expect(csvField('Door', 'when needed')).toBe('Door');
    expect(csvField('=Capitol', 'when needed')).toBe("'=Capitol");
    expect(csvField('Door, "16x7"', 'when needed')).toBe('"Door, ""16x7"""');
    expect(csvField('Two\nLines', 'when needed')).toBe('"Two\nLines"');
  });
});
