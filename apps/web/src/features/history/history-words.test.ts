import { describe, expect, it } from 'vitest';
import { historyWords } from './history-words';

describe('historyWords', () => {
  it('words each kind of change as a clerk would say it', () => {
    const w = (action: any, field: string | null, from: string | null, to: string | null, noun = 'order') =>
      historyWords({ action, field, from, to }, noun);
    expect(w('price-override', 'line 2 (PKG-1607)', '1620.00', '1500.00')).toBe(
      'changed the price of line 2 (PKG-1607) from $1,620.00 to $1,500.00',
    );
    expect(w('price-override', 'line 2 (PKG-1607)', null, '1500.00')).toBe(
      'changed the price of line 2 (PKG-1607) from the list price to $1,500.00',
    );
    expect(w('price-override', 'line 2 (PKG-1607)', '1500.00', null)).toBe(
      'cleared the price of line 2 (PKG-1607) (was $1,500.00), back to the list price',
    );
    expect(w('changed', 'jobName', 'Morgan', 'Morgan - rear')).toBe(
      'changed the job name from "Morgan" to "Morgan - rear"',
    );
    expect(w('changed', 'poNumber', null, 'PO-7')).toBe('changed the PO number from empty to "PO-7"');
    expect(w('import', null, null, 'PKG-1607', 'product')).toBe('imported the product PKG-1607 from a file');
    expect(w('import', 'wholesalePrice', '1234.50', '1300.00', 'product')).toBe(
      'changed the wholesale price from $1,234.50 to $1,300.00 in an import',
    );
    expect(w('import', 'useTax', 'no', 'yes', 'customer')).toBe('turned use tax on in an import');
    expect(w('changed', 'useTax', 'no', 'yes')).toBe('turned use tax on');
    expect(w('changed', 'orderStatus', 'Open', 'Completed')).toBe('changed the status from "Open" to "Completed"');
    expect(w('line-added', 'line 3 (HNG-02)', null, '8')).toBe('added line 3 (HNG-02), quantity 8');
    expect(w('quantity-changed', 'line 1 (HNG-02)', '4', '6')).toBe(
      'changed the quantity of line 1 (HNG-02) from 4 to 6',
    );
    expect(w('modifier-applied', 'line 2 (PKG-1607)', null, 'High lift, 24 in')).toBe(
      'applied High lift, 24 in to line 2 (PKG-1607)',
    );
    expect(w('created', null, null, 'C-1001 Hendricks', 'quote')).toBe('created the quote for C-1001 Hendricks');
    expect(w('exported', null, null, 'Order 26', 'quote')).toBe('exported the quote to Order 26');
    expect(w('deleted', null, 'Morgan', null)).toBe('deleted the order');
    expect(w('changed', 'wholesalePrice', '812.00', '845.00', 'product')).toBe(
      'changed the wholesale price from $812.00 to $845.00',
    );
    expect(w('changed', 'streetAddress.zipCode', null, '95691', 'customer')).toBe(
      'changed the street address ZIP code from empty to "95691"',
    );
    expect(w('changed', 'sectionalMultiplier', '1', '0.85', 'customer')).toBe(
      'changed the sectional multiplier from "1" to "0.85"',
    );
    expect(w('changed', 'loadingBay', null, 'bay 3')).toBe('changed the bay from empty to "bay 3"');
    expect(w('bay-assigned', null, null, 'bay 3')).toBe('placed the order in bay 3');
    expect(w('changed', 'currentLoad', 'bay 3', null)).toBe('took the order out of bay 3');
    expect(w('emailed', 'Order 25 from Garage Door Supply', null, 'yard@example.com')).toBe(
      'e-mailed the order to yard@example.com ("Order 25 from Garage Door Supply")',
    );
  });
});
