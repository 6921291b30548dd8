import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../shared/lib/session';
import { AddProofDialog } from './AddProofDialog';

// jsdom decodes no images: each test says whether the picked file is a real picture.
const decodes = vi.hoisted(() => ({ ok: true }));
vi.mock('../lib/image-decodes', () => ({ imageDecodes: vi.fn(async () => decodes.ok) }));

const fetchMock = vi.fn(
  async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ paymentProof: { id: 'p1' } }), { status: 201 }),
);

function renderDialog(onAdded = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<AddProofDialog open onClose={() => undefined} onAdded={onAdded} />, { wrapper });
  return onAdded;
}
const pick = (file: File) => fireEvent.change(screen.getByTestId('proof-file-input'), { target: { files: [file] } });

beforeEach(() => {
  localStorage.clear();
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r' });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  decodes.ok = true;
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddProofDialog (docs/product.md#screens, docs/product.md#money)', () => {
  it('shows the JPG/PNG/GIF hint and asks for an image before uploading anything', async () => {
    renderDialog();
    expect(screen.getByText('Formatos aceptados: JPG, PNG o GIF. Máximo 5MB.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Subir Comprobante' }));
    expect(screen.getByText('Debes seleccionar una imagen del comprobante')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a non-image and an image over 5 MB on the spot', async () => {
    renderDialog();
    pick(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Por favor selecciona un archivo de imagen válido')).toBeTruthy();
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('La imagen debe ser menor a 5MB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Subir Comprobante' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a fake .png that does not decode gets no preview and is refused before uploading (issue 25)', async () => {
    decodes.ok = false;
    renderDialog();
    pick(new File(['%PDF-1.4 not a picture'], 'pago.png', { type: 'image/png' }));
    expect(await screen.findByText('Por favor selecciona un archivo de imagen válido')).toBeTruthy();
    expect(screen.queryByAltText('Vista previa del comprobante')).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Subir Comprobante' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews a valid image and uploads it with the note as multipart', async () => {
    const onAdded = renderDialog();
    pick(new File([new Uint8Array(10)], 'pago.png', { type: 'image/png' }));
    expect((await screen.findByAltText('Vista previa del comprobante')).getAttribute('src')).toBe('blob:preview');
    await userEvent.type(screen.getByLabelText('Nota (opcional)'), 'Pago móvil ref 123');
    await userEvent.click(screen.getByRole('button', { name: 'Subir Comprobante' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('Comprobante agregado exitosamente'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/membership/payment-proofs');
    const body = init?.body as FormData;
    expect(body.get('note')).toBe('Pago móvil ref 123');
    expect((body.get('image') as File).name).toBe('pago.png');
  });
});
