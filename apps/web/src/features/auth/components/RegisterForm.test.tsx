import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './RegisterForm';

function setup() {
  const onRegistered = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <RegisterForm onSwitch={() => undefined} onRegistered={onRegistered} />
    </QueryClientProvider>,
  );
  return { onRegistered, user: userEvent.setup() };
}

const password = () => screen.getByLabelText('Contraseña', { selector: 'input' });

describe('RegisterForm', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(globalThis.fetch).mockRestore?.();
  });

  it('checks the email on blur with the SPEC messages', async () => {
    const { user } = setup();
    const email = screen.getByLabelText('Email');
    await user.click(email);
    await user.tab();
    expect(await screen.findByText('El email es requerido')).toBeTruthy();
    await user.type(email, 'ana@');
    expect(await screen.findByText('Formato de email inválido')).toBeTruthy();
  });

  it('shows the strength meter: label, at most two hints, n/8 and the score bar', async () => {
    const { user } = setup();
    await user.type(password(), 'abc');
    expect(screen.getByText('Muy débil: Usa al menos 8 caracteres, Combina mayúsculas y minúsculas')).toBeTruthy();
    expect(screen.getByText('3/8')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await user.type(password(), 'defG1');
    expect(screen.getByText('Buena')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('8/8')).toBeTruthy();
  });

  it('toggles the password visibility', async () => {
    const { user } = setup();
    expect(password().getAttribute('type')).toBe('password');
    await user.click(screen.getAllByRole('button', { name: 'Mostrar contraseña' })[0]!);
    expect(password().getAttribute('type')).toBe('text');
  });

  it('on success shows the banner, clears the fields and switches to login after 3 s', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ message: 'Usuario registrado exitosamente. Por favor verifica tu email.' }), { status: 201 }),
      );
    const { user, onRegistered } = setup();
    await user.type(screen.getByLabelText('Nombre de usuario'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(password(), 'Secreta123!');
    await user.type(screen.getByLabelText('Confirmar contraseña', { selector: 'input' }), 'Secreta123!');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByText('Usuario registrado exitosamente. Por favor verifica tu email.')).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      user_name: 'Ana',
      email: 'ana@example.com',
      password: 'Secreta123!',
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(onRegistered).not.toHaveBeenCalled();
    await waitFor(() => expect(onRegistered).toHaveBeenCalled(), { timeout: 4_000 });
  }, 15_000);

  it('shows the server error in a dismissable banner', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'Ya existe una cuenta con este email', code: 'EMAIL_TAKEN' }), { status: 409 }),
    );
    const { user } = setup();
    await user.type(screen.getByLabelText('Nombre de usuario'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(password(), 'Secreta123!');
    await user.type(screen.getByLabelText('Confirmar contraseña', { selector: 'input' }), 'Secreta123!');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ya existe una cuenta con este email');
    await user.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  }, 15_000);
});
