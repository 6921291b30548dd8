import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatDate, STORAGE_KEYS, todayKey, type AdminUser, type SessionUser } from '@arb/shared';
import { AuthProvider } from '../../../shared/auth/auth-context';
import { AppThemeProvider } from '../../../shared/theme';
import { endOfDay } from '../lib/membership-end';
import { adminUser } from '../testing/admin-user';
import AdminPage from './AdminPage';

const me: SessionUser = { id: 'admin', email: 'admin@x.com', user_name: 'Admin', role: 'ADMIN', email_verified: true, phone_number: null };

function signIn() {
  const payload = btoa(JSON.stringify({ sub: me.id, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(STORAGE_KEYS.authToken, `h.${payload}.s`);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(me));
}

/** The admin API over one user: the list answers whatever the last PATCH made of them. */
function fakeAdminApi(
  membership: (body: { membership_end: string | null }) => { status: number; user?: Partial<AdminUser>; error?: string },
) {
  let ana = adminUser({ id: 'ana', email: 'ana@x.com' });
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/admin/users') return reply(200, { users: [ana], total: 1, page: 1, pageSize: 25 });
      // The page's "Copias de seguridad" section (none yet).
      if (path === '/api/admin/backups') return reply(200, []);
      if (path === '/api/admin/users/ana/membership' && init.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as { membership_end: string | null };
        patches.push(body);
        const answer = membership(body);
        if (answer.status !== 200) return reply(answer.status, { error: answer.error, code: 'INTERNAL_ERROR' });
        ana = { ...ana, ...answer.user };
        return reply(200, { user: ana });
      }
      return reply(404, { error: 'no route', code: 'NOT_FOUND' });
    }),
  );
  return patches;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppThemeProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/admin']}>
            <AdminPage />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </AppThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin: Editar membresía', () => {
  it('sets the end date from the row, says so, and the table shows the new expiry', async () => {
    const day = addDays(todayKey(), 30);
    const patches = fakeAdminApi((body) => ({
      status: 200,
      user: { membership_end: body.membership_end, membership_status: 'active', days_remaining: 30 },
    }));
    renderPage();
    const user = userEvent.setup();
    const row = within(await screen.findByTestId('user-row-ana@x.com'));
    expect(row.getByText('No activo')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Editar membresía: ana@x.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar membresía' });
    fireEvent.change(within(dialog).getByLabelText(/Membresía activa hasta/), { target: { value: day } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Membresía actualizada exitosamente')).toBeTruthy();
    expect(patches).toEqual([{ membership_end: endOfDay(day) }]);
    const updated = within(await screen.findByTestId('user-row-ana@x.com'));
    expect(await updated.findByText(formatDate(endOfDay(day))!)).toBeTruthy();
    expect(updated.getByText('Activa')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Editar membresía' })).toBeNull();
  });

  it('keeps the dialog open with the error when the server refuses', async () => {
    fakeAdminApi(() => ({ status: 500, error: 'Ha ocurrido un error en el servidor. Intenta de nuevo.' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar membresía: ana@x.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar membresía' });
    fireEvent.change(within(dialog).getByLabelText(/Membresía activa hasta/), { target: { value: addDays(todayKey(), 5) } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Ha ocurrido un error en el servidor. Intenta de nuevo.');
    expect(screen.getByRole('dialog', { name: 'Editar membresía' })).toBeTruthy();
  });
});

describe('/admin: Restablecer 2FA (issue 20, docs/product.md#account-security)', () => {
  /** One user with two-factor on; DELETE .../2fa turns it off and the list answers the change. */
  function fakeTwoFactorApi(status = 204) {
    let ana = adminUser({ id: 'ana', email: 'ana@x.com', two_factor_enabled: true });
    const resets: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = new URL(url, 'http://localhost').pathname;
        const reply = (code: number, body: unknown) =>
          new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
        if (path === '/api/admin/users') return reply(200, { users: [ana], total: 1, page: 1, pageSize: 25 });
        // The page's "Copias de seguridad" section (none yet).
        if (path === '/api/admin/backups') return reply(200, []);
        if (path === '/api/admin/users/ana/2fa' && init.method === 'DELETE') {
          resets.push(path);
          if (status !== 204)
            return reply(status, { error: 'Ha ocurrido un error en el servidor. Intenta de nuevo.', code: 'INTERNAL_ERROR' });
          ana = { ...ana, two_factor_enabled: false };
          return new Response(null, { status: 204 });
        }
        return reply(404, { error: 'no route', code: 'NOT_FOUND' });
      }),
    );
    return resets;
  }

  it('asks first, resets on confirmation, says so, and the row shows 2FA off without the action', async () => {
    const resets = fakeTwoFactorApi();
    renderPage();
    const user = userEvent.setup();
    const row = within(await screen.findByTestId('user-row-ana@x.com'));
    expect(row.getByText('Activada')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Restablecer 2FA: ana@x.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer verificación en dos pasos' });
    expect(within(dialog).getByText(/ana@x\.com/)).toBeTruthy();
    expect(resets).toEqual([]); // nothing happens before the admin confirms
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer 2FA' }));

    expect(await screen.findByText('Verificación en dos pasos restablecida')).toBeTruthy();
    expect(resets).toEqual(['/api/admin/users/ana/2fa']);
    const updated = within(await screen.findByTestId('user-row-ana@x.com'));
    expect(await updated.findByText('Desactivada')).toBeTruthy();
    expect(updated.queryByRole('button', { name: 'Restablecer 2FA: ana@x.com' })).toBeNull();
  });

  it('Cancelar leaves two-factor on and calls nothing', async () => {
    const resets = fakeTwoFactorApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restablecer 2FA: ana@x.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer verificación en dos pasos' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(resets).toEqual([]);
    expect(within(screen.getByTestId('user-row-ana@x.com')).getByText('Activada')).toBeTruthy();
  });

  it("shows the server's error on the page when the reset fails", async () => {
    fakeTwoFactorApi(500);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restablecer 2FA: ana@x.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restablecer 2FA' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ha ocurrido un error en el servidor. Intenta de nuevo.');
  });
});

describe('/admin: Eliminar a quien es dueño de un registro con socios (docs/product.md#socios-y-liquidacion)', () => {
  it("keeps the dialog open with the server's LEDGER_CON_SOCIOS text naming the ledger", async () => {
    const text =
      'El registro «Sociedad Ana» tiene otros miembros y cuentas o movimientos: transfiere primero la propiedad a otro miembro antes de eliminar a este usuario';
    const ana = adminUser({ id: 'ana', email: 'ana@x.com' });
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = new URL(url, 'http://localhost').pathname;
        const reply = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (path === '/api/admin/users') return reply(200, { users: [ana], total: 1, page: 1, pageSize: 25 });
        if (path === '/api/admin/backups') return reply(200, []);
        if (path === '/api/admin/users/ana' && init.method === 'DELETE') {
          deletes.push(path);
          return reply(409, { error: text, code: 'LEDGER_CON_SOCIOS' });
        }
        return reply(404, { error: 'no route', code: 'NOT_FOUND' });
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eliminar: ana@x.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Usuario' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(deletes).toEqual(['/api/admin/users/ana']);
    expect(screen.getByRole('dialog', { name: 'Eliminar Usuario' })).toBeTruthy();
  });
});
