import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import type { TestUser } from './users.ts';

export interface TxAmounts {
  venta?: number | string;
  tasa_venta?: number | string;
  compra?: number | string;
  tasa_compra?: number | string;
  notas?: string;
  comision_usd?: number | string;
  ocurrido_en?: string;
}

export interface TxJson {
  id: string;
  fecha: string;
  version: number;
  esta_verificada: boolean;
  ganancia_transaccion_ves: number;
  ganancia_transaccion_usd: number;
  ganancia_acumulada_ves_hasta_esta_transaccion: number;
  ganancia_acumulada_usd_hasta_esta_transaccion: number;
  comision_usd: number;
  ocurrido_en: string;
  createdBy: { id: string; user_name: string } | null;
  [k: string]: unknown;
}

/** Creates a transaction through the API and expects a 201. */
export async function addTransaction(t: TestApp, user: TestUser, ledgerId: string, fecha: string, amounts: TxAmounts): Promise<TxJson> {
  const res = await t.request({ method: 'POST', url: '/api/transactions', token: user.token, payload: { ledgerId, fecha, ...amounts } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { transaction: TxJson }).transaction;
}

export async function verify(t: TestApp, user: TestUser, id: string, esta_verificada = true): Promise<void> {
  const res = await t.request({
    method: 'PATCH',
    url: `/api/transactions/${id}/toggle-verify`,
    token: user.token,
    payload: { esta_verificada },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function setBase(
  t: TestApp,
  user: TestUser,
  ledgerId: string,
  fecha: string,
  ves: number | string,
  usd: number | string,
): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: `/api/daily-balances/${ledgerId}`,
    token: user.token,
    payload: { fecha, saldo_base_ves: ves, saldo_base_usd: usd },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export interface Balances {
  resumen: Record<
    'saldo_disponible_ves' | 'saldo_disponible_usd' | 'venta_total' | 'compra_total' | 'ganancia_total_ves' | 'ganancia_total_usd',
    { valor: number }
  >;
  promedios: { tasa_venta_promedio: number; tasa_compra_promedio: number };
  saldos_base: { saldo_base_ves: number; saldo_base_usd: number; heredado: boolean; heredado_ves: boolean; heredado_usd: boolean };
  saldos_actuales: { saldo_ves_actual: number; saldo_usd_actual: number };
  transacciones_con_acumulados: TxJson[];
  /** The closed period the day belongs to, or null (decision 0066). */
  cerrado: { desde: string; hasta: string } | null;
}

export async function balances(t: TestApp, user: TestUser, ledgerId: string, fecha: string): Promise<Balances> {
  const res = await t.request({ method: 'GET', url: `/api/transactions/balances?ledgerId=${ledgerId}&fecha=${fecha}`, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Balances;
}
