import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ImportBatchResult, type Ledger } from '@arb/shared';
import { addCuenta, addMovimiento } from './support/cuentas.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const csv = readFileSync(new URL('../src/services/imports/fixtures/english-fees.csv', import.meta.url));

/**
 * Viewer members ("Solo lectura", docs/product.md "Permissions"): the owner marks a member, who then
 * reads everything and gets 403 SOLO_LECTURA on every write, yet may still leave the ledger and
 * set their own notification settings.
 */
describe('viewer members (Solo lectura)', () => {
  let t: TestApp;
  let ana: TestUser; // owner
  let vero: TestUser; // the viewer
  let beto: TestUser; // a plain member
  let L: string;
  let txId: string;
  let cuentaId: string;
  let movId: string;
  let activityId: number;
  const fecha = '2026-11-20';

  const setPerms = (by: TestUser, userId: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/ledgers/${L}/members/${userId}/permissions`, token: by.token, payload });

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    vero = await createUser(t, { name: 'Vero' });
    beto = await createUser(t, { name: 'Beto' });
    L = ana.ledgerId;
    // Vero starts with 'Modificar saldos', so making her a viewer must clear it.
    await addMember(t, L, vero.id, true);
    await addMember(t, L, beto.id);
    const tx = await addTransaction(t, ana, L, fecha, { venta: 100, tasa_venta: 40, compra: 100, tasa_compra: 39, notas: 'cliente juan' });
    txId = tx.id;
    const cuenta = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    cuentaId = cuenta.id;
    const mov = await addMovimiento(t, ana, L, {
      tipo: 'aporte',
      fecha,
      moneda: 'VES',
      monto: '1000',
      cuenta_destino_id: cuentaId,
      tasa: '40',
    });
    movId = mov.id;
    const del = await addTransaction(t, ana, L, fecha, { venta: 5, tasa_venta: 40 });
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${del.id}`, token: ana.token })).statusCode).toBe(204);
    const activity = await t.request({ method: 'GET', url: `/api/ledgers/${L}/activity`, token: ana.token });
    expect(activity.statusCode, activity.body).toBe(200);
    const rows =
      (activity.json() as { rows?: { id: number; action: string }[] }).rows ?? (activity.json() as { id: number; action: string }[]);
    activityId = rows.find((r) => r.action === 'TRANSACTION_DELETED')!.id;
  });
  afterAll(async () => t?.close());

  it('only the owner marks a member as viewer; it clears Modificar saldos and the ledger answer carries it', async () => {
    const refused = await setPerms(beto, vero.id, { soloLectura: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const both = await setPerms(ana, vero.id, { soloLectura: true, canModifyBalance: true });
    expect(both.statusCode).toBe(400);

    const res = await setPerms(ana, vero.id, { soloLectura: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ member: { userId: vero.id, soloLectura: true, canModifyBalance: false } });

    // 'Modificar saldos' cannot be given to a viewer without clearing the flag first.
    expect((await setPerms(ana, vero.id, { canModifyBalance: true })).statusCode).toBe(400);

    const list = await t.request({ method: 'GET', url: '/api/ledgers', token: vero.token });
    const me = (list.json() as Ledger[]).find((l) => l.id === L)!.members.find((m) => m.userId === vero.id);
    expect(me).toMatchObject({ soloLectura: true, canModifyBalance: false });
  });

  // DESIGN §26: a viewer "sees everything (balances, history, accounts, socios preview, reports, exports)".
  it('a viewer reads balances, history, accounts, cuadres, the socios preview, reports, exports, activity and search', async () => {
    const reads = [
      `/api/transactions/balances?ledgerId=${L}&fecha=${fecha}`,
      `/api/transactions/dates?ledgerId=${L}`,
      `/api/transactions/history-summary?ledgerId=${L}`,
      `/api/transactions/export-daily?ledgerId=${L}&fecha=${fecha}`,
      `/api/ledgers/${L}/cuentas?fecha=${fecha}`,
      `/api/ledgers/${L}/cuentas/${cuentaId}/cuadres`,
      `/api/ledgers/${L}/movimientos?desde=${fecha}&hasta=${fecha}`,
      `/api/ledgers/${L}/liquidacion?desde=${fecha}&hasta=${fecha}&tasa_inicial=40&tasa_final=40`,
      `/api/ledgers/${L}/liquidaciones`,
      `/api/ledgers/${L}/socios/capital-inicial?fecha=${fecha}`,
      `/api/ledgers/${L}/reportes/mensual?mes=${fecha.slice(0, 7)}&formato=json`,
      `/api/ledgers/${L}/reportes/mensual?mes=${fecha.slice(0, 7)}&formato=xlsx`,
      `/api/ledgers/${L}/position?fecha=${fecha}`,
      `/api/ledgers/${L}/pnl?desde=${fecha}&hasta=${fecha}`,
      `/api/ledgers/${L}/imports`,
      `/api/ledgers/${L}/activity`,
      `/api/ledgers/${L}/transactions/search?q=juan`,
    ];
    for (const url of reads) {
      const res = await t.request({ method: 'GET', url, token: vero.token });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const search = await t.request({ method: 'GET', url: `/api/ledgers/${L}/transactions/search?q=juan`, token: vero.token });
    expect((search.json() as { total: number }).total).toBe(1);
  });

  it('every write answers 403 SOLO_LECTURA with the Spanish message', async () => {
    const form = multipart({ timezone: 'America/Caracas' }, [{ name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: csv }]);
    const writes: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }[] = [
      { method: 'POST', url: '/api/transactions', payload: { ledgerId: L, fecha, venta: 1, tasa_venta: 40 } },
      { method: 'PUT', url: `/api/transactions/${txId}`, payload: { fecha, venta: 2, tasa_venta: 40, compra: 100, tasa_compra: 39 } },
      { method: 'PATCH', url: `/api/transactions/${txId}/toggle-verify`, payload: { esta_verificada: true } },
      { method: 'DELETE', url: `/api/transactions/${txId}` },
      { method: 'PUT', url: `/api/daily-balances/${L}`, payload: { fecha, saldo_base_ves: '10', saldo_base_usd: '1' } },
      { method: 'POST', url: `/api/ledgers/${L}/cuentas`, payload: { nombre: 'Otra', moneda: 'USD', tipo: 'banco' } },
      { method: 'PUT', url: `/api/ledgers/${L}/cuentas/${cuentaId}`, payload: { nombre: 'Renombrada' } },
      { method: 'DELETE', url: `/api/ledgers/${L}/cuentas/${cuentaId}` },
      {
        method: 'POST',
        url: `/api/ledgers/${L}/movimientos`,
        payload: { tipo: 'aporte', fecha, moneda: 'VES', monto: '5', cuenta_destino_id: cuentaId, tasa: '40' },
      },
      {
        method: 'PUT',
        url: `/api/ledgers/${L}/movimientos/${movId}`,
        payload: { tipo: 'aporte', fecha, moneda: 'VES', monto: '6', cuenta_destino_id: cuentaId, tasa: '40' },
      },
      { method: 'DELETE', url: `/api/ledgers/${L}/movimientos/${movId}` },
      { method: 'POST', url: `/api/ledgers/${L}/cuentas/${cuentaId}/cuadres`, payload: { fecha, saldo_real: '1000' } },
      { method: 'POST', url: `/api/ledgers/${L}/imports`, payload: form.payload, headers: form.headers },
      { method: 'PUT', url: `/api/ledgers/${L}/name`, payload: { name: 'Mío' } },
      { method: 'PUT', url: `/api/ledgers/${L}/settings`, payload: { metodo_ganancia: 'costo_promedio' } },
      { method: 'POST', url: `/api/ledgers/${L}/invite/regenerate` },
      { method: 'PATCH', url: `/api/ledgers/${L}/members/${beto.id}/permissions`, payload: { canModifyBalance: true } },
      { method: 'DELETE', url: `/api/ledgers/${L}/members/${beto.id}` },
      { method: 'DELETE', url: `/api/ledgers/${L}/reset`, payload: { fecha } },
      { method: 'POST', url: `/api/ledgers/${L}/activity/${activityId}/restore` },
      { method: 'DELETE', url: `/api/ledgers/${L}` },
      // Socios (DESIGN §22, §28): closing a period, registering capital, handing the ledger over.
      {
        method: 'POST',
        url: `/api/ledgers/${L}/liquidaciones`,
        payload: { desde: fecha, hasta: fecha, tasa_inicial: '40', tasa_final: '40' },
      },
      {
        method: 'POST',
        url: `/api/ledgers/${L}/socios/capital-inicial`,
        payload: { fecha, aportes: [{ userId: vero.id, ves: '0', usd: '0' }] },
      },
      { method: 'PUT', url: `/api/ledgers/${L}/owner`, payload: { userId: vero.id } },
      { method: 'PUT', url: `/api/ledgers/${L}/settings`, payload: { reparto: { metodo: 'capital' } } },
    ];
    for (const w of writes) {
      const res = await t.request({ ...w, token: vero.token });
      expect(res.statusCode, `${w.method} ${w.url} ${res.body}`).toBe(403);
      expect(res.json(), `${w.method} ${w.url}`).toEqual({ error: messages.soloLectura, code: 'SOLO_LECTURA' });
    }
    // Nothing changed: the owner's transaction and account are still there.
    const cuentas = await t.request({ method: 'GET', url: `/api/ledgers/${L}/cuentas?fecha=${fecha}`, token: ana.token });
    expect(cuentas.body).toContain('Banesco');
  });

  it('a viewer still sets their own notification settings', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/notifications/settings',
      token: vero.token,
      payload: { ledgers: [{ ledgerId: L, cambios: false }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('what a member did before becoming a viewer is no longer theirs to undo: import undo and restore answer 403 SOLO_LECTURA', async () => {
    // Beto, a plain member, imports orders and deletes one of his own rows…
    const form = multipart({ timezone: 'America/Caracas' }, [{ name: 'file', filename: 'beto.csv', contentType: 'text/csv', data: csv }]);
    const imported = await t.request({ method: 'POST', url: `/api/ledgers/${L}/imports`, token: beto.token, ...form });
    expect(imported.statusCode, imported.body).toBe(201);
    const batchId = (imported.json() as ImportBatchResult).batch.id;
    const own = await addTransaction(t, beto, L, fecha, { venta: 3, tasa_venta: 40 });
    expect((await t.request({ method: 'DELETE', url: `/api/transactions/${own.id}`, token: beto.token })).statusCode).toBe(204);
    const activity = await t.request({ method: 'GET', url: `/api/ledgers/${L}/activity`, token: beto.token });
    const entries = activity.json() as { id: number; action: string; entityId: string }[];
    const ownDelete = entries.find((e) => e.action === 'TRANSACTION_DELETED' && e.entityId === own.id)!;
    // …then Ana makes him a viewer: the web shows him neither "Deshacer importación" nor "Restaurar",
    // because the server refuses both (the viewer rule comes before the author's right).
    expect((await setPerms(ana, beto.id, { soloLectura: true })).statusCode).toBe(200);
    const undo = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/imports/${batchId}`, token: beto.token });
    const restore = await t.request({ method: 'POST', url: `/api/ledgers/${L}/activity/${ownDelete.id}/restore`, token: beto.token });
    for (const res of [undo, restore]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: messages.soloLectura, code: 'SOLO_LECTURA' });
    }
    // Back to a plain member: his own restore works again (the refusal was the viewer rule, not authorship).
    expect((await setPerms(ana, beto.id, { soloLectura: false })).statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: `/api/ledgers/${L}/activity/${ownDelete.id}/restore`, token: beto.token });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('clearing the flag gives the writes back, and a viewer may leave', async () => {
    expect((await setPerms(ana, vero.id, { soloLectura: false })).json()).toMatchObject({
      member: { soloLectura: false, canModifyBalance: false },
    });
    await addTransaction(t, vero, L, fecha, { venta: 1, tasa_venta: 40 });
    expect((await setPerms(ana, vero.id, { soloLectura: true })).statusCode).toBe(200);
    const leave = await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/leave`, token: vero.token });
    expect(leave.statusCode, leave.body).toBe(204);
  });
});
