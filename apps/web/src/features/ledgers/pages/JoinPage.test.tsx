import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@arb/shared';
import JoinPage from './JoinPage';
import { fakeApi, ledgerFixture, member, renderAt, signIn } from '../test-utils';

describe('/join/:inviteCode', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('signed out: keeps the invite as pendingInvite, warns, and goes to /login after 3 s', async () => {
    fakeApi({});
    const { router } = renderAt('/join/CODE123', '/join/:inviteCode', <JoinPage />);
    expect(await screen.findByText(/Debes iniciar sesión para unirte al registro/)).toBeTruthy();
    expect(localStorage.getItem('pendingInvite')).toBe('CODE123');
    expect(router.state.location.pathname).toBe('/join/CODE123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
  });

  it('signed in: shows name and owner, joins, says so and goes to the dashboard after 2 s', async () => {
    signIn(member);
    localStorage.setItem('pendingInvite', 'CODE123');
    const calls = fakeApi({
      'GET /api/ledgers/invite-info/CODE123': () => ({
        json: { ledger: { id: 'l-1', name: 'Casa de cambio', owner: { user_name: 'Olga', email: 'olga@example.com' } } },
      }),
      'POST /api/ledgers/join': () => ({ json: { ledger: ledgerFixture({ inviteCode: null }) } }),
    });
    const { router } = renderAt('/join/CODE123', '/join/:inviteCode', <JoinPage />);
    expect(await screen.findByText('Casa de cambio')).toBeTruthy();
    expect(screen.getByText('Propietario: Olga (olga@example.com)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(localStorage.getItem('pendingInvite')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unirse al Registro' }));
    expect(await screen.findByText('¡Te has unido al registro exitosamente!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ inviteCode: 'CODE123' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 3000 });
  });

  it('without an active membership (docs/product.md#memberships): shows the server’s message with a link to Mi Membresía, stays signed in', async () => {
    signIn(member);
    fakeApi({
      'GET /api/ledgers/invite-info/CODE123': () => ({
        json: { ledger: { id: 'l-1', name: 'Casa de cambio', owner: { user_name: 'Olga', email: 'olga@example.com' } } },
      }),
      'POST /api/ledgers/join': () => ({ status: 403, json: { error: messages.membershipInactive, code: 'MEMBERSHIP_INACTIVE' } }),
    });
    const { router } = renderAt('/join/CODE123', '/join/:inviteCode', <JoinPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unirse al Registro' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Tu membresía no está activa. Sube tu comprobante de pago en Mi Membresía.');
    expect(within(alert).getByRole('link', { name: 'Mi Membresía' }).getAttribute('href')).toBe('/membership');
    expect(screen.queryByText('¡Te has unido al registro exitosamente!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Unirse al Registro' })).toHaveProperty('disabled', false);
    expect(localStorage.getItem('authToken')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/join/CODE123');
  });

  it('an invalid code says so', async () => {
    signIn(member);
    fakeApi({
      'GET /api/ledgers/invite-info/BAD': () => ({
        status: 404,
        json: { error: 'Enlace de invitación inválido o expirado', code: 'NOT_FOUND' },
      }),
    });
    renderAt('/join/BAD', '/join/:inviteCode', <JoinPage />);
    expect(await screen.findByText('Enlace de invitación inválido o expirado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unirse al Registro' })).toBeNull();
  });
});
