import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../shared/auth/auth-context';
import { LoginForm } from './LoginForm';

/*
 * The login form is a plain React form (no react-hook-form, decision 0016); these are docs/product.md#money's
 * rules it must keep: each field checked on blur and on change, every field on submit with the
 * first wrong one focused, and nothing sent until the shared schema accepts the values.
 */
function setup() {
  localStorage.clear();
  render(
    <MemoryRouter>
      <AuthProvider>
        <LoginForm onSwitch={() => undefined} notice={null} />
      </AuthProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Contraseña', { selector: 'input' });

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(globalThis.fetch).mockRestore?.();
  });

  it('checks the email on blur and on change with the SPEC messages', async () => {
    const user = setup();
    await user.click(email());
    await user.tab();
    expect(await screen.findByText('El email es requerido')).toBeTruthy();
    await user.type(email(), ' ana@example.com');
    expect(await screen.findByText('El email no debe contener espacios al inicio o final')).toBeTruthy();
    await user.clear(email());
    await user.type(email(), 'ana@example.com');
    await waitFor(() => expect(screen.queryByText(/El email/)).toBeNull());
  });

  it('on submit shows every wrong field, focuses the first and sends nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('El email es requerido')).toBeTruthy();
    expect(screen.getByText('La contraseña es requerida')).toBeTruthy();
    expect(document.activeElement).toBe(email());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the values the schema accepted, and shows the server refusal', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ error: 'Credenciales inválidas', code: 'INVALID_CREDENTIALS' }), { status: 401 }));
    const user = setup();
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'Secreta123!');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Credenciales inválidas');
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/auth/login'))!;
    expect(String(url)).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@example.com', password: 'Secreta123!' });
    // The form is usable again after the refusal.
    expect((screen.getByRole('button', { name: 'Iniciar Sesión' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
