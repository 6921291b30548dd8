import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type BackupInfo } from '@arb/shared';
import { AppThemeProvider } from '../../../shared/theme';
import { BackupsSection, formatSize } from './BackupsSection';

const older: BackupInfo = { id: 'backup-20261126T060000000Z-120.json.gz', fecha: '2026-11-26T06:00:00.000Z', tamano: 850, filas: 120 };
const newer: BackupInfo = {
  id: 'backup-20261127T060000000Z-1234.json.gz',
  fecha: '2026-11-27T06:00:00.000Z',
  tamano: 4_300_000,
  filas: 1234,
};

/** The admin's backups API: a list, "Crear copia ahora", and a download that wants the password "correcta". */
function fakeBackupsApi() {
  let list = [older];
  const downloads: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/admin/backups' && (init.method ?? 'GET') === 'GET') return reply(200, list);
      if (path === '/api/admin/backups' && init.method === 'POST') {
        list = [newer, ...list];
        return reply(201, { backup: newer });
      }
      if (path === `/api/admin/backups/${encodeURIComponent(newer.id)}/download` && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as { password: string };
        downloads.push(body);
        if (body.password !== 'correcta') return reply(400, { error: 'La contraseña actual no es correcta', code: 'INVALID_PASSWORD' });
        return new Response(new Blob([new Uint8Array([31, 139])]), {
          status: 200,
          headers: { 'content-type': 'application/gzip', 'content-disposition': `attachment; filename="${newer.id}"` },
        });
      }
      return reply(404, { error: 'no route', code: 'NOT_FOUND' });
    }),
  );
  return downloads;
}

const urlFns = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
let clickSpy: { mockRestore(): void } | undefined;

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clickSpy?.mockRestore();
  Object.assign(URL, urlFns);
  localStorage.clear();
});

function renderSection(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppThemeProvider>
      <QueryClientProvider client={client}>
        <BackupsSection onDone={onDone} />
      </QueryClientProvider>
    </AppThemeProvider>,
  );
  return onDone;
}

describe('Copias de seguridad on the admin page', () => {
  it('sizes read as people read them', () => {
    expect(formatSize(850)).toBe('850 B');
    expect(formatSize(12_600)).toBe('12,3 KB');
    expect(formatSize(4_300_000)).toBe('4,1 MB');
  });

  it('lists the copies, makes one now, and downloads it only after the password is re-entered', async () => {
    const downloads = fakeBackupsApi();
    const createObjectURL = vi.fn(() => 'blob:copia');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    clickSpy = click;
    const onDone = renderSection();
    const user = userEvent.setup();

    // The admin sees yesterday's copy with its size and rows.
    const table = await screen.findByRole('table', { name: 'Copias de seguridad' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('850 B')).toBeTruthy();
    expect(within(table).getByText('120')).toBeTruthy();

    // "Crear copia ahora" adds today's, newest first.
    await user.click(screen.getByRole('button', { name: 'Crear copia ahora' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(onDone).toHaveBeenCalledWith('Copia de seguridad creada');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('4,1 MB')).toBeTruthy();
    expect(within(rows[1]!).getByText('1234')).toBeTruthy();

    // Downloading asks for the password; a wrong one is refused with the server's message and nothing is saved.
    await user.click(within(rows[1]!).getByRole('button', { name: /Descargar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Descargar copia de seguridad' });
    expect(within(dialog).getByRole('button', { name: 'Descargar' })).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText(/Contraseña/), 'otra');
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    expect(await within(dialog).findByText('La contraseña actual no es correcta')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();

    // The right one hands the file to the browser.
    await user.clear(within(dialog).getByLabelText(/Contraseña/));
    await user.type(within(dialog).getByLabelText(/Contraseña/), 'correcta');
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual([{ password: 'otra' }, { password: 'correcta' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
