import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, todayKey } from '@arb/shared';
import LedgersPage from './LedgersPage';
import { fakeApi, ledgerFixture, member, owner, renderAt, signIn } from '../test-utils';

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    userId: `u${i}`,
    canModifyBalance: false,
    soloLectura: false,
    user: { id: `u${i}`, user_name: `Persona ${i}`, email: `p${i}@x.com` },
  }));

describe('/history', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each ledger with owner badge, creator, at most 4 avatars and counts; a click opens the dashboard for today', async () => {
    signIn(member);
    fakeApi({
      'GET /api/ledgers': () => ({
        json: [
          ledgerFixture({ inviteCode: null, members: [...ledgerFixture().members, ...people(4)] }),
          ledgerFixture({
            id: 'l-2',
            name: 'Mi Registro',
            ownerId: member.id,
            owner: { id: member.id, user_name: 'Bea', email: member.email },
            members: ledgerFixture().members.slice(1),
            _count: { transactions: 1 },
          }),
        ],
      }),
    });
    const { router } = renderAt('/history', '/history', <LedgersPage />);
    expect(await screen.findByRole('heading', { name: 'Mis Registros de Arbitraje' })).toBeTruthy();
    expect(screen.getByText('Mis Grupos de Arbitraje')).toBeTruthy();

    const shared = await screen.findByRole('listitem', { name: 'Casa de cambio' });
    expect(within(shared).queryByText('Propietario')).toBeNull();
    expect(within(shared).getByText('Creado por Olga')).toBeTruthy();
    expect(within(shared).getByText('6 miembros')).toBeTruthy();
    expect(within(shared).getByText('3 transacciones')).toBeTruthy();
    expect(within(shared).getByText('+3')).toBeTruthy(); // 6 members: 3 avatars and a "+3"
    expect(within(shared).getByRole('button', { name: 'Invitar' })).toHaveProperty('disabled', true);

    const own = screen.getByRole('listitem', { name: 'Mi Registro' });
    expect(within(own).getByText('Propietario')).toBeTruthy();
    expect(within(own).getByText('1 miembro')).toBeTruthy();
    expect(within(own).getByText('1 transacción')).toBeTruthy();

    await userEvent.setup().click(within(shared).getByRole('heading', { name: 'Casa de cambio' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(`/dashboard?ledger=l-1&date=${todayKey()}`);
  });

  it('empty state, and a Nuevo Registro dialog whose create button is disabled while the name is blank', async () => {
    signIn(owner);
    let created = false;
    const calls = fakeApi({
      'GET /api/ledgers': () => ({
        json: created
          ? [ledgerFixture({ name: 'Semana 1', members: ledgerFixture().members.slice(0, 1), _count: { transactions: 0 } })]
          : [],
      }),
      'POST /api/ledgers': (body) => {
        created = true;
        return { status: 201, json: { ledger: ledgerFixture(body as object) } };
      },
    });
    renderAt('/history', '/history', <LedgersPage />);
    expect(await screen.findByText('No tienes registros creados')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crear Primer Registro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Registro' });
    const create = within(dialog).getByRole('button', { name: 'Crear' });
    expect(create).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Nombre del registro'), '   ');
    expect(create).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Nombre del registro'), 'Semana 1 ');
    expect(create).toHaveProperty('disabled', false);
    await user.click(create);
    expect(await screen.findByRole('listitem', { name: 'Semana 1' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Semana 1' });
  });

  it('Nuevo Registro without an active membership (docs/product.md#memberships): the dialog stays open with the server’s message', async () => {
    signIn(owner);
    fakeApi({
      'GET /api/ledgers': () => ({ json: [ledgerFixture()] }),
      'POST /api/ledgers': () => ({ status: 403, json: { error: messages.membershipInactive, code: 'MEMBERSHIP_INACTIVE' } }),
    });
    renderAt('/history', '/history', <LedgersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nuevo Registro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Registro' });
    await user.type(within(dialog).getByLabelText('Nombre del registro'), 'Semana 2');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Tu membresía no está activa. Sube tu comprobante de pago en Mi Membresía.');
    expect(within(alert).getByRole('link', { name: 'Mi Membresía' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Crear' })).toHaveProperty('disabled', false);
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('shows the server’s message when the list fails, with a retry', async () => {
    signIn(owner);
    fakeApi({ 'GET /api/ledgers': () => ({ status: 500, json: { error: 'Error cargando registros', code: 'INTERNAL_ERROR' } }) });
    renderAt('/history', '/history', <LedgersPage />);
    expect(await screen.findByText('Error cargando registros')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
