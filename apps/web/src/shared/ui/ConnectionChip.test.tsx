import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionChip } from './ConnectionChip';

afterEach(cleanup);

describe('ConnectionChip (docs/product.md#screens)', () => {
  it('says it is connected, with no retry button', () => {
    render(<ConnectionChip connected />);
    expect(screen.getByText('Conectado en tiempo real')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar Conexión' })).toBeNull();
  });

  it("says 'Desconectado' and offers 'Reintentar Conexión'", async () => {
    const onRetry = vi.fn();
    render(<ConnectionChip connected={false} onRetry={onRetry} />);
    expect(screen.getByText('Desconectado')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar Conexión' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('while the first connection attempt has not ended, says neither (an empty space the chip will take)', () => {
    const { container } = render(<ConnectionChip connected={false} pending />);
    expect(screen.queryByText('Desconectado')).toBeNull();
    expect(screen.queryByText('Conectado en tiempo real')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('reloads the page by default', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<ConnectionChip connected={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar Conexión' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
