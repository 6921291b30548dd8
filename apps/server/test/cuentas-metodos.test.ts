import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '@arb/shared';
import { addCuenta } from './support/cuentas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

/**
 * DESIGN §28 "Binance sync": `metodos_binance` entries are unique per titular among a ledger's
 * active accounts. The sync puts an order's bolívares in the one account of the link's user naming
 * its payment method; two naming it sent every such order to the link's fallback account
 * (services/binance/map-order.ts), silently. Now the second account is refused when it is written.
 */
describe('Binance payment methods: one account per method and titular', () => {
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;
  let L: string;
  let banesco: string;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    banesco = (await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES', metodos_binance: ['Pago Móvil', 'Banesco'] })).id;
  });
  afterAll(async () => t?.close());

  const refused = (metodo: string) => ({
    code: 'CUENTA_DUPLICADA',
    error: text('cuentaMetodoRepetido', { metodo, cuenta: 'Banesco' }),
    fields: { metodos_binance: text('cuentaMetodoRepetido', { metodo, cuenta: 'Banesco' }) },
  });
  const put = (id: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/ledgers/${L}/cuentas/${id}`, token: ana.token, payload });

  it('a second account of the same titular naming the method (case, accents and spaces aside) is 409 and is not created', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/ledgers/${L}/cuentas`,
      token: ana.token,
      payload: { nombre: 'Mercantil', moneda: 'VES', tipo: 'banco', metodos_binance: ['pagomovil'] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(refused('pagomovil'));
    const list = await t.request({ method: 'GET', url: `/api/ledgers/${L}/cuentas`, token: ana.token });
    expect(list.body).not.toContain('Mercantil');
  });

  it('another titular may name it; an edit, a change of titular or bringing an account back that would repeat it is 409', async () => {
    const deBeto = await addCuenta(t, ana, L, {
      nombre: 'Mercantil Beto',
      moneda: 'VES',
      titularId: beto.id,
      metodos_binance: ['PagoMovil'],
    });
    expect((await put(deBeto.id, { titularId: ana.id })).json()).toEqual(refused('PagoMovil'));

    const mercantil = await addCuenta(t, ana, L, { nombre: 'Mercantil', moneda: 'VES', metodos_binance: ['Mercantil'] });
    const edit = await put(mercantil.id, { metodos_binance: ['Mercantil', 'BANESCO '] });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json()).toEqual(refused('BANESCO'));

    // Banesco archived: its methods are free; bringing it back while another account names them is refused.
    expect((await put(banesco, { archivada: true })).statusCode).toBe(200);
    expect((await put(mercantil.id, { metodos_binance: ['Mercantil', 'Banesco'] })).statusCode).toBe(200);
    const back = await put(banesco, { archivada: false });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json()).toMatchObject({ code: 'CUENTA_DUPLICADA' });
    // Renaming it while archived is not a use of its methods.
    expect((await put(banesco, { nombre: 'Banesco vieja' })).statusCode).toBe(200);
  });
});
