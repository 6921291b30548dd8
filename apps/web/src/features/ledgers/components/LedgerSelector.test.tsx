import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ledgerFixture, member, owner, renderAt, signIn } from '../test-utils';
import { LedgerSelector } from './LedgerSelector';

const own = ledgerFixture({ id: 'l-own', name: 'Mi Registro', ownerId: member.id, owner: { ...owner, id: member.id, user_name: 'Bea' } });
const shared = ledgerFixture({ id: 'l-shared', name: 'Casa de cambio' });

beforeEach(() => {
  localStorage.clear();
  signIn(member);
  fakeApi({ 'GET /api/ledgers': () => ({ json: [shared, own] }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the ledger selector (the dashboard's tools)", () => {
  it("is the browser's own select: each ledger, another owner's with their name; choosing one passes its id", async () => {
    const onChange = vi.fn();
    renderAt('/dashboard', '/dashboard', <LedgerSelector value="l-shared" onChange={onChange} />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Registro' });
    await within(select).findByRole('option', { name: 'Mi Registro' });
    // A native select: a phone opens its own picker, and no menu is mounted (decision 0026).
    expect(select.tagName).toBe('SELECT');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Casa de cambio · Olga', 'Mi Registro']);
    expect(select.value).toBe('l-shared');

    await userEvent.setup().selectOptions(select, 'Mi Registro');
    expect(onChange).toHaveBeenCalledWith('l-own');
  });

  it('is disabled, its label clear of the box, while there is no ledger to choose', async () => {
    fakeApi({ 'GET /api/ledgers': () => ({ json: [] }) });
    renderAt('/dashboard', '/dashboard', <LedgerSelector value={null} onChange={vi.fn()} />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Registro' });
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('');
    expect(screen.getByText('Registro', { selector: 'label' }).getAttribute('data-shrink')).toBe('true');
  });
});
