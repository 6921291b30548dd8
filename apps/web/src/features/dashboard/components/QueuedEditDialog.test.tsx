import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/harness';
import { QueuedEditDialog } from './QueuedEditDialog';
import { offlineQueue } from '../../../shared/offline/offline';
import type { QueuedCreate, QueuedOp } from '../../../shared/offline/queue';

const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => {
  cleanup();
  spies.splice(0).forEach((s) => s.mockRestore());
});

const rejected: QueuedOp & QueuedCreate = {
  kind: 'create',
  ledgerId: 'L1',
  input: {
    venta: '100.00',
    tasa_venta: '40.0000',
    compra: '',
    tasa_compra: '',
    comision_usd: '0.12345678',
    notas: 'P2P',
    fecha: '2026-11-23',
  },
  ganancia: 100,
  ocurridoEn: '2026-11-23T12:00:00.000Z',
  idempotencyKey: 'key-1',
  opId: 'op-1',
  queuedAt: 1,
  status: 'failed',
  attempts: 1,
  notBefore: 0,
  error: 'Por favor ingresa un valor válido',
};

describe('"Editar" on a rejected queued transaction (docs/product.md#working-offline)', () => {
  it('shows the fee typed with it and sends it back with the fixed values', async () => {
    const edit = vi.spyOn(offlineQueue, 'edit').mockResolvedValue(undefined);
    spies.push(edit, vi.spyOn(offlineQueue, 'flush').mockResolvedValue(undefined));
    const onClose = vi.fn();
    renderWithProviders(<QueuedEditDialog op={rejected} onClose={onClose} />);
    const fee = screen.getByLabelText('Comisión (USD)') as HTMLInputElement;
    expect(fee.value).toBe('0,12345678'); // es-ES, as typed in the form
    fireEvent.change(screen.getByLabelText('Venta (USD)'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y enviar' }));
    await vi.waitFor(() => expect(edit).toHaveBeenCalledTimes(1));
    const [opId, patch] = edit.mock.calls[0]!;
    expect(opId).toBe('op-1');
    // The fee is kept exactly as typed (8 decimals), beside the corrected sale.
    expect(String(patch.input.comision_usd)).toBe('0.12345678');
    expect(String(patch.input.venta)).toMatch(/^90(\.00)?$/);
    expect(onClose).toHaveBeenCalled();
  });
});
