import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportLinks, exportHref } from './export-links';

describe('ExportLinks', () => {
  it('builds the export address from the list state: trimmed filters, sort and the list switches', () => {
    expect(exportHref('customers', 'csv', { filters: {} })).toBe('/api/export/customers.csv');
    expect(
      exportHref(
        'orders',
        'xlsx',
        { sort: '-customerName', filters: { customerName: ' Crème & Sons ', jobName: '  ' } },
        { closed: '1' },
      ),
    ).toBe('/api/export/orders.xlsx?closed=1&customerName=Cr%C3%A8me+%26+Sons&sort=-customerName');
  });

  it('names each link for what it does and lets the browser download it', () => {
    render(<ExportLinks list="vendor-orders" noun="vendor orders" state={{ sort: 'name', filters: {} }} />);
    const csv = screen.getByRole('link', { name: 'Export vendor orders to CSV' });
    const excel = screen.getByRole('link', { name: 'Export vendor orders to Excel' });
    expect(csv.getAttribute('href')).toBe('/api/export/vendor-orders.csv?sort=name');
    expect(excel.getAttribute('href')).toBe('/api/export/vendor-orders.xlsx?sort=name');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('group', { name: 'Export vendor orders' })).toBeInTheDocument();
  });
});
