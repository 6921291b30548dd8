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
