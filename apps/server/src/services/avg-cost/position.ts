import { FLAT, toBig, toNumber, unrealized, type PositionResponse } from '@arb/shared';
import type { Db } from '../../db/database.ts';
import { num } from '../transactions/transaction-json.ts';
import { ensureAvgCostStates, ledgerStateAt } from './avg-cost-states.ts';
import { loadRatesOfDays } from '../market/rate-days.ts';

export type PositionJson = PositionResponse;

/**
 * The reference rate for the end of `fecha` (docs/product.md#profit-method-and-position): the rate
 * of that day (DESIGN §28: its history value, else its last live fetch, else the latest earlier
 * day's; services/market/rate-days.ts) of the parallel market, else of the official one.
 */
async function referenceRate(db: Db, fecha: string, timeZone: string): Promise<PositionJson['referencia']> {
  const rates = await loadRatesOfDays(db, timeZone, fecha, fecha);
  for (const source of ['paralelo', 'oficial'] as const) {
    const rate = rates[source][0];
    if (rate) return { tasa: num(rate.valor, 4), fuente: source, fecha: rate.dia };
  }
  return null;
}

/** GET /api/ledgers/:id/position (docs/product.md#profit-method-and-position). `tasa` is an already validated rate string, or undefined. */
export async function ledgerPosition(
  db: Db,
  ledgerId: string,
  fecha: string,
  tasa: string | undefined,
  timeZone: string,
): Promise<PositionJson> {
  await ensureAvgCostStates(db, ledgerId);
  const [state, ref] = await Promise.all([
    ledgerStateAt(db, ledgerId, fecha),
    tasa !== undefined ? Promise.resolve({ tasa: num(tasa, 4), fuente: 'manual' as const, fecha }) : referenceRate(db, fecha, timeZone),
  ]);
  const s = state ?? { ...FLAT, acum_ves: '0', acum_usd: '0', acum_comisiones: '0' };
  const u = ref ? unrealized(s, tasa ?? String(ref.tasa)) : null;
  return {
    fecha,
    posicion_usd: num(s.posicion_usd, 2),
    costo_promedio: toNumber(toBig(s.costo_promedio), 4),
    realizado_ves: num(s.acum_ves, 2),
    realizado_usd: num(s.acum_usd, 2),
    comisiones_usd: num(s.acum_comisiones, 8),
    referencia: ref,
    no_realizado_ves: u ? num(u.no_realizado_ves, 2) : null,
    no_realizado_usd: u ? num(u.no_realizado_usd, 2) : null,
  };
}
