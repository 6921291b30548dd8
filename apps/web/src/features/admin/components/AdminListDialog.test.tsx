import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/lib/api-client';
import { AdminListDialog } from './AdminListDialog';

/** Only the fields the dialog reads of a query. */
const query = (over: Partial<UseQueryResult<string[]>>) =>
  ({ isPending: false, isError: false, data: undefined, error: null, ...over }) as UseQueryResult<string[]>;

function renderList(list: UseQueryResult<string[]>) {
  const onClose = vi.fn();
  render(
    <AdminListDialog
      open
      title="Transacciones de Ana (ana@x.com)"
      maxWidth="lg"
      list={list}
      loadingLabel="Cargando transacciones"
      errorFallback="Error cargando transacciones del usuario"
      emptyText="No hay transacciones para este usuario."
      onClose={onClose}
    >
      {(items) => (
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </AdminListDialog>,
  );
  return onClose;
}

afterEach(() => cleanup());

describe('AdminListDialog (proofs and transactions dialogs)', () => {
  it('loading, then the items, and Cerrar', async () => {
    renderList(query({ isPending: true }));
    expect(screen.getByRole('dialog', { name: 'Transacciones de Ana (ana@x.com)' })).toBeTruthy();
    expect(screen.getByLabelText('Cargando transacciones')).toBeTruthy();
    cleanup();
    const onClose = renderList(query({ data: ['uno', 'dos'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['uno', 'dos']);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('the empty text, and the server’s message (or the fallback) on failure', () => {
    renderList(query({ data: [] }));
    expect(screen.getByText('No hay transacciones para este usuario.')).toBeTruthy();
    cleanup();
    renderList(query({ isError: true, error: new ApiError('Usuario no encontrado', 404, 'NOT_FOUND') }));
    expect(screen.getByRole('alert').textContent).toBe('Usuario no encontrado');
    cleanup();
    renderList(query({ isError: true, error: new Error('boom') }));
    expect(screen.getByRole('alert').textContent).toBe('Error cargando transacciones del usuario');
  });
});
