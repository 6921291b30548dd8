import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatDate, todayKey } from '@arb/shared';
import { adminUser } from '../testing/admin-user';
import { endOfDay } from '../lib/membership-end';
import { MembershipDialog } from './MembershipDialog';

function renderDialog(over: Parameters<typeof adminUser>[0] = {}, props: { busy?: boolean; error?: string | null } = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <MembershipDialog user={adminUser(over)} busy={props.busy ?? false} error={props.error ?? null} onSave={onSave} onClose={onClose} />,
  );
  const field = screen.getByLabelText(/Membresía activa hasta/) as HTMLInputElement;
  const save = screen.getByRole('button', { name: /^(Guardar|Guardando\.\.\.)$/ }) as HTMLButtonElement;
  return { onSave, onClose, field, save };
}

afterEach(() => cleanup());

describe('MembershipDialog (admin: membership end)', () => {
  it('a user without a membership: labelled date field, Guardar waits for a date, saves the end of that day', async () => {
    const { onSave, field, save } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Editar membresía' })).toBeTruthy();
    expect(screen.getByText('Sin membresía')).toBeTruthy();
    expect(screen.getByText('La membresía vence al terminar ese día.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar membresía' })).toBeNull();
    expect(field.type).toBe('date');
    expect(field.min).toBe(todayKey());
    expect(save.disabled).toBe(true);

    const day = addDays(todayKey(), 30);
    fireEvent.change(field, { target: { value: day } });
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(endOfDay(day));
    // The end is the last instant of that day where the admin is: the table shows that same day.
    expect(formatDate(onSave.mock.calls[0]![0] as string)).toBe(formatDate(new Date(`${day}T12:00:00`)));
  });

  it('refuses a day in the past and an empty field, with the reason under the field', async () => {
    const { onSave, field, save } = renderDialog();
    fireEvent.change(field, { target: { value: addDays(todayKey(), -1) } });
    await userEvent.click(save);
    expect(screen.getByText('La fecha no puede ser anterior a hoy')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: todayKey() } });
    expect(screen.queryByText('La fecha no puede ser anterior a hoy')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
    cleanup();

    // Clearing the date of an existing membership is not how it is removed.
    const again = renderDialog({ membership_status: 'active', membership_end: endOfDay(todayKey()) });
    fireEvent.change(again.field, { target: { value: '' } });
    await userEvent.click(again.save);
    expect(screen.getByText('Elige la fecha de vencimiento')).toBeTruthy();
    expect(again.onSave).not.toHaveBeenCalled();
  });

  it('an active membership starts from its day; Enter in the field saves; Quitar membresía sends null', async () => {
    const end = endOfDay(addDays(todayKey(), 20));
    const { onSave, field, save } = renderDialog({ membership_status: 'active', days_remaining: 20, membership_end: end });
    expect(field.value).toBe(addDays(todayKey(), 20));
    expect(screen.getByText(`Activa hasta el ${formatDate(end)}`)).toBeTruthy();
    expect(screen.getByText('Activa')).toBeTruthy();
    expect(save.disabled).toBe(true); // nothing changed yet

    const user = userEvent.setup();
    fireEvent.change(field, { target: { value: addDays(todayKey(), 60) } });
    field.focus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenLastCalledWith(endOfDay(addDays(todayKey(), 60)));

    await user.click(screen.getByRole('button', { name: 'Quitar membresía' }));
    expect(onSave).toHaveBeenLastCalledWith(null);
  });

  it('an ended membership says when it ended', () => {
    const end = '2026-01-10T12:00:00.000Z';
    renderDialog({ membership_status: 'expired', membership_end: end });
    expect(screen.getByText(`Venció el ${formatDate(end)}`)).toBeTruthy();
  });

  it('while saving: Guardando..., nothing can be pressed twice; the server’s error is shown', async () => {
    const { field, onClose } = renderDialog(
      { membership_end: endOfDay(todayKey()), membership_status: 'active' },
      { busy: true, error: 'Error actualizando la membresía' },
    );
    expect((screen.getByRole('button', { name: 'Guardando...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Quitar membresía' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(field.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Error actualizando la membresía');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
