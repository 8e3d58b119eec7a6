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
  });
});
