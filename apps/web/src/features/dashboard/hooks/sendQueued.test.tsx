import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@arb/shared';
import { json, mockFetch } from '../test/harness';
import { clearDashboardFlash, useDashboardFlash } from '../lib/dashboard-flash';
import { sendQueued } from './useOfflineSync';
import { renderHook } from '@testing-library/react';

const op = {
  kind: 'create' as const,
  ledgerId: '11111111-1111-4111-8111-111111111111',
  input: {
    venta: '10',
    tasa_venta: '310',
    compra: '',
    tasa_compra: '',
    comision_usd: '',
    notas: '',
    fecha: '2026-11-20',
    cuenta_ves_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  },
  ganancia: 10,
  ocurridoEn: '2026-11-20T12:00:00.000Z',
  idempotencyKey: 'k-1',
  opId: 'op-1',
  queuedAt: 0,
  status: 'pending' as const,
  attempts: 0,
  notBefore: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearDashboardFlash();
  window.localStorage.clear();
});

describe('sending a queued create (DESIGN §28 "Accounts that come back")', () => {
  it('names its accounts, says it comes from the queue, and shows the server’s notice when an account was archived meanwhile', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
    const aviso = 'La cuenta Banesco se archivó mientras la operación esperaba: quedó en Sin asignar';
    const calls = mockFetch(() => json(201, { transaction: {}, avisos: [aviso] }));
    const flash = renderHook(() => useDashboardFlash());
    expect(flash.result.current).toBeNull();
    await sendQueued(op);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-offline-queue']).toBe('1');
    expect(post.headers['idempotency-key']).toBe('k-1');
    expect(post.body).toMatchObject({ cuenta_ves_id: op.input.cuenta_ves_id });
    flash.rerender();
    expect(flash.result.current).toBe(aviso);
  });

  it('an answer without avisos shows nothing', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
    mockFetch(() => json(201, { transaction: {} }));
    await sendQueued(op);
    expect(renderHook(() => useDashboardFlash()).result.current).toBeNull();
  });
});
