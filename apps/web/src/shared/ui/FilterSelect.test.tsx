import { useState } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect, type FilterOption } from './FilterSelect';

const CUENTAS: FilterOption[] = [
  { value: 'c-banesco', label: 'Banesco (Bs)' },
  { value: 'c-binance', label: 'Binance (USD)' },
];

/** A filter whose value a parent keeps, as SearchSection and the Cuentas page do. */
function Filtro({ native, onChange }: { native?: boolean; onChange: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <FilterSelect
      label="Cuenta"
      allLabel="Todas"
      options={CUENTAS}
      value={value}
      native={native ?? false}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

afterEach(cleanup);

describe('FilterSelect', () => {
  it('MUI’s menu: shows "Todas" for nothing chosen, its label above; the keyboard opens it and picks; "Todas" is the empty value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Filtro onChange={onChange} />);
    const select = screen.getByLabelText('Cuenta');
    expect(select.textContent).toBe('Todas');
    select.focus();
    await user.keyboard('{Enter}');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Todas', 'Banesco (Bs)', 'Binance (USD)']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Cuenta').textContent).toBe('Banesco (Bs)'));
    expect(onChange).toHaveBeenLastCalledWith('c-banesco');
    screen.getByLabelText('Cuenta').focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Todas' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('native: the browser’s own select with the same options and values', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Filtro native onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Cuenta' });
    expect(select.tagName).toBe('SELECT');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'Todas'],
      ['c-banesco', 'Banesco (Bs)'],
      ['c-binance', 'Binance (USD)'],
    ]);
    await user.selectOptions(select, 'Binance (USD)');
    expect(onChange).toHaveBeenLastCalledWith('c-binance');
    expect(select).toHaveProperty('value', 'c-binance');
    await user.selectOptions(select, 'Todas');
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
