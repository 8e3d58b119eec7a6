import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect } from './searchable-select';

interface Shop {
  id: number;
  name: string;
}

const shops: Shop[] = [
  { id: 1, name: 'Jérôme Côté Overhead Doors' },
  { id: 2, name: 'Smith Garage Door Service' },
  { id: 37, name: 'Desert Sun Doors' },
];

function Harness({ onChange }: { onChange: (s: Shop | null) => void }) {
  const [value, setValue] = useState<Shop | null>(null);
  return (
    <SearchableSelect<Shop>
      inputId="shop"
      label="Customer"
      options={shops}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      getOptionLabel={(s) => s.name}
      getOptionValue={(s) => String(s.id)}
      isClearable
    />
  );
}

describe('SearchableSelect', () => {
  it('finds options ignoring case and accents, and picks one with the keyboard', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);

    await user.type(screen.getByLabelText('Customer'), 'cote ');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Jérôme Côté Overhead Doors']);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(shops[0]);
    expect(screen.getByText('Jérôme Côté Overhead Doors')).toBeInTheDocument();
  });

  it('matches anywhere in the label and on the value (an id)', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={() => {}} />);

    await user.type(screen.getByLabelText('Customer'), 'DOOR');
    expect(screen.getAllByRole('option')).toHaveLength(3);

    await user.clear(screen.getByLabelText('Customer'));
    await user.type(screen.getByLabelText('Customer'), '37');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Desert Sun Doors']);
  });

  it("says 'No options' when nothing matches", async () => {
    const user = userEvent.setup();
    render(<Harness onChange={() => {}} />);

    await user.type(screen.getByLabelText('Customer'), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No options')).toBeInTheDocument();
  });

  it("says 'Loading...' while its options load", async () => {
    const user = userEvent.setup();
    render(
      <SearchableSelect<Shop>
        inputId="shop"
        aria-label="Customer"
        options={[]}
        value={null}
        onChange={() => {}}
        getOptionLabel={(s) => s.name}
        getOptionValue={(s) => String(s.id)}
        isLoading
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Customer' }));
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
  });
});
