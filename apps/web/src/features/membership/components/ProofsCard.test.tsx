import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentProof } from '@arb/shared';
import { saveSession } from '../../../shared/lib/session';
import { ProofsCard } from './ProofsCard';

const proof: PaymentProof = {
  id: 'p1',
  note: 'Pago móvil',
  imageUrl: '/files/p1.jpg',
  createdAt: '2026-11-21T12:00:00.000Z',
  status: 'pending',
  rejectionReason: null,
};
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  if (init?.method === 'DELETE') return new Response(null, { status: 204 });
  if (String(input).endsWith('/api/membership/my-payment-proofs')) return new Response(JSON.stringify([proof]), { status: 200 });
  return new Response('{}', { status: 404 });
});
const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r' });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const onDone = vi.fn();
  render(<ProofsCard onDone={onDone} onError={() => undefined} />, { wrapper });
  return onDone;
}

describe('ProofsCard delete (issue 25)', () => {
  it('asks before deleting: Cancelar keeps the proof, Eliminar deletes it', async () => {
    const onDone = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar comprobante' }));
    expect(screen.getByText('¿Seguro que quieres eliminar este comprobante? Esta acción no se puede deshacer.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(deletes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar comprobante' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Comprobante eliminado exitosamente'));
    expect(deletes()).toHaveLength(1);
    expect(String(deletes()[0]![0])).toMatch(/\/api\/membership\/payment-proofs\/p1$/);
  });
});
