import { describe, expect, it } from 'vitest';
import { customerLabel, foldForSearch, matchesSearch } from './search.js';
import { isPackageType } from './constants.js';

describe('search', () => {
  it('ignores case and accents, trims, matches anywhere', () => {
    expect(matchesSearch('Jérôme Côté Overhead Doors', '  cote ')).toBe(true);
    expect(matchesSearch('Jérôme Côté Overhead Doors', 'JEROME')).toBe(true);
    expect(matchesSearch('Jérôme Côté Overhead Doors', 'head do')).toBe(true);
    expect(matchesSearch('Acme', 'zz')).toBe(false);
    expect(matchesSearch('anything', '   ')).toBe(true);
    expect(foldForSearch('ÅÉÎ')).toBe('aei');
  });

  it('joins the customer label with " - "', () => {
    expect(customerLabel({ id: 7, customerNo: 'C-1001', name: 'Acme Doors', contactName: 'Pat' })).toBe(
      'C-1001 - Acme Doors - Pat - 7',
    );
    expect(customerLabel({ id: 8, customerNo: null, name: 'X', contactName: undefined })).toBe(' - X -  - 8');
  });

  it('knows a package by its type name, in any case', () => {
    expect(isPackageType('Door Package')).toBe(true);
    expect(isPackageType('PACKAGE')).toBe(true);
    expect(isPackageType('Part')).toBe(false);
    expect(isPackageType(null)).toBe(false);
  });
});
