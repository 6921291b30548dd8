import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, type AdminUser } from '@arb/shared';
import { adminUser } from '../testing/admin-user';
import { UsersTable } from './UsersTable';

const user = adminUser;

function renderTable(users: AdminUser[], onSort = vi.fn(), onAction = vi.fn()) {
  render(
    <UsersTable
      users={users}
      total={users.length}
      page={1}
      pageSize={25}
      sort="-created_at"
      selfId="me"
      busyId={null}
      emptyText="No hay usuarios registrados"
      onSort={onSort}
      onPage={vi.fn()}
      onAction={onAction}
      onToggleActive={vi.fn()}
    />,
  );
  return { onSort, onAction };
}
const row = (email: string) => within(screen.getByTestId(`user-row-${email}`));

afterEach(() => cleanup());

describe('UsersTable (docs/product.md#screens /admin)', () => {
  it('shows every column: counts, membership chip, coloured days, expiry or "No activo", receipts', () => {
    renderTable([
      user({
        id: 'a',
        email: 'a@x.com',
        membership_status: 'active',
        days_remaining: 5,
        membership_end: '2026-12-01T12:00:00.000Z',
        _count: { ownedLedgers: 2, memberships: 3, paymentProofs: 4 },
      }),
      user({ id: 'b', email: 'b@x.com', membership_status: 'active', days_remaining: 12, membership_end: '2026-12-08T12:00:00.000Z' }),
      user({ id: 'c', email: 'c@x.com', membership_status: 'active', days_remaining: 16, membership_end: '2026-12-12T12:00:00.000Z' }),
      user({ id: 'd', email: 'd@x.com', membership_status: 'pending_payment', is_active: false, email_verified: false }),
    ]);
    expect(row('a@x.com').getByText('2 creados')).toBeTruthy();
    expect(row('a@x.com').getByText('3 miembros')).toBeTruthy();
    expect(row('a@x.com').getByText('Activa')).toBeTruthy();
    expect(row('a@x.com').getByText(formatDate('2026-12-01T12:00:00.000Z')!)).toBeTruthy();
    expect(row('a@x.com').getByText('4')).toBeTruthy();
    expect(row('a@x.com').getByText('5').getAttribute('data-color')).toBe('red');
    expect(row('b@x.com').getByText('12').getAttribute('data-color')).toBe('orange');
    expect(row('c@x.com').getByText('16').getAttribute('data-color')).toBe('green');
    expect(row('d@x.com').getByText('Pago Pendiente')).toBeTruthy();
    expect(row('d@x.com').getByText('Inactivo')).toBeTruthy();
    expect(row('d@x.com').getByText('No activo')).toBeTruthy();
    expect(row('d@x.com').getByText('-')).toBeTruthy();
    expect(row('d@x.com').getByLabelText('Email no verificado')).toBeTruthy();
  });

  it("disables Eliminar and Cambiar Rol on the admin's own row only", () => {
    renderTable([user({ id: 'me', email: 'me@x.com', role: 'ADMIN' }), user({ id: 'o', email: 'o@x.com' })]);
    expect((row('me@x.com').getByLabelText('Eliminar: me@x.com') as HTMLButtonElement).disabled).toBe(true);
    expect((row('me@x.com').getByLabelText('Cambiar Rol: me@x.com') as HTMLButtonElement).disabled).toBe(true);
    expect((row('o@x.com').getByLabelText('Eliminar: o@x.com') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why on its own row: "No puedes eliminarte a ti mismo." (docs/product.md#screens, issue 25)', async () => {
    renderTable([user({ id: 'me', email: 'me@x.com', role: 'ADMIN' })]);
    await userEvent.hover(row('me@x.com').getByLabelText('Eliminar: me@x.com').parentElement!);
    expect(await screen.findByRole('tooltip', { name: 'No puedes eliminarte a ti mismo.' })).toBeTruthy();
    await userEvent.unhover(row('me@x.com').getByLabelText('Eliminar: me@x.com').parentElement!);
    await userEvent.hover(row('me@x.com').getByLabelText('Cambiar Rol: me@x.com').parentElement!);
    expect(await screen.findByRole('tooltip', { name: 'No puedes cambiar tu propio rol.' })).toBeTruthy();
  });

  it('sorts by a column on click (ascending, then descending) and opens row actions', async () => {
    const { onSort, onAction } = renderTable([user({ id: 'o', email: 'o@x.com' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(onSort).toHaveBeenLastCalledWith('email');
    await userEvent.click(row('o@x.com').getByLabelText('Ver Transacciones: o@x.com'));
    expect(onAction).toHaveBeenLastCalledWith('transactions', expect.objectContaining({ id: 'o' }));
    await userEvent.click(row('o@x.com').getByRole('button', { name: 'Editar membresía: o@x.com' }));
    expect(onAction).toHaveBeenLastCalledWith('membership', expect.objectContaining({ id: 'o' }));
  });

  it('shows whether two-factor is on, and offers "Restablecer 2FA" only where it is (issue 20)', async () => {
    const { onAction } = renderTable([
      user({ id: 'on', email: 'on@x.com', two_factor_enabled: true }),
      user({ id: 'off', email: 'off@x.com', two_factor_enabled: false }),
      user({ id: 'old', email: 'old@x.com' }),
    ]);
    expect(screen.getByRole('columnheader', { name: '2FA' })).toBeTruthy();
    expect(row('on@x.com').getByText('Activada')).toBeTruthy();
    expect(row('off@x.com').getByText('Desactivada')).toBeTruthy();
    expect(row('old@x.com').getByText('Desactivada')).toBeTruthy();
    expect(row('off@x.com').queryByLabelText('Restablecer 2FA: off@x.com')).toBeNull();
    expect(row('old@x.com').queryByLabelText('Restablecer 2FA: old@x.com')).toBeNull();
    await userEvent.click(row('on@x.com').getByLabelText('Restablecer 2FA: on@x.com'));
    expect(onAction).toHaveBeenLastCalledWith('reset2fa', expect.objectContaining({ id: 'on' }));
  });

  it('says so when there are no users', () => {
    renderTable([]);
    expect(screen.getByText('No hay usuarios registrados')).toBeTruthy();
  });
});
