import { describe, expect, it } from 'vitest';
import { MULTIPLIER_CATEGORY_ERROR, MULTIPLIER_KEYS, multiplierCategoryNamed } from './constants.js';

describe('the multiplier categories', () => {
  it('name their keys, their refusal and a category written in any case from the one list', () => {
    expect(MULTIPLIER_KEYS).toEqual(['residential', 'opener', 'sectional', 'commercial']);
    expect(MULTIPLIER_CATEGORY_ERROR).toBe('must be Residential, Opener, Sectional or Commercial');
    expect(multiplierCategoryNamed('oPENER')).toBe('Opener');
    expect(multiplierCategoryNamed('Garage')).toBeUndefined();
  });
});
