import { expect } from 'vitest';
import type { CuentaJson, CuentasResponse, MovimientoJson } from '@arb/shared';
import type { TestApp } from './test-app.ts';
import type { TestUser } from './users.ts';

/** Creates an account through the API and expects a 201. */
export async function addCuenta(
  t: TestApp,
  user: TestUser,
  ledgerId: string,
  body: { nombre: string; moneda: 'VES' | 'USD'; tipo?: string; titularId?: string; metodos_binance?: string[] },
): Promise<CuentaJson> {
  const res = await t.request({
    method: 'POST',
    url: `/api/ledgers/${ledgerId}/cuentas`,
    token: user.token,
    payload: { tipo: 'banco', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { cuenta: CuentaJson }).cuenta;
}

/** Records a movement through the API and expects a 201. */
export async function addMovimiento(t: TestApp, user: TestUser, ledgerId: string, body: Record<string, unknown>): Promise<MovimientoJson> {
  const res = await t.request({ method: 'POST', url: `/api/ledgers/${ledgerId}/movimientos`, token: user.token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { movimiento: MovimientoJson }).movimiento;
}

/** GET …/cuentas?fecha → the answer, expecting a 200. */
export async function cuentasAt(t: TestApp, user: TestUser, ledgerId: string, fecha: string): Promise<CuentasResponse> {
  const res = await t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/cuentas?fecha=${fecha}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CuentasResponse;
}

/** Each account's balance by name, with Sin asignar, from a cuentas answer. */
export function saldos(r: Pick<CuentasResponse, 'cuentas' | 'sin_asignar'>): Record<string, number> {
  const out: Record<string, number> = { 'Sin asignar VES': r.sin_asignar.ves, 'Sin asignar USD': r.sin_asignar.usd };
  for (const c of r.cuentas) out[c.nombre] = c.saldo;
  return out;
}
