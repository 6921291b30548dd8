import { sql, type SQL } from 'drizzle-orm';
import { Big, sinAsignar, toFixedString, type CuentaSaldoJson, type MovimientoJson } from '@arb/shared';
import { num } from '../transactions/transaction-json.ts';
import {
  cuentasSaldoSql,
  dayMovimientosSql,
  toCuentaSaldoJson,
  toMovimientoJson,
  type CuentaRow,
  type MovimientoRow,
} from './cuenta-rows.ts';

/**
 * What accounts and movements add to a day (docs/product.md#cuentas-y-movimientos): read by the
 * balances answer inside its one statement, beside the base, so the accounts' balances, Sin
 * asignar and the available balance come from one snapshot.
 */
export interface CuentasDayRaw {
  /** The ledger has an account or a movement: only then does the answer carry the new keys. */
  uses: boolean;
  /** The day's movimientos netos, exact. */
  netos_ves: string;
  netos_usd: string;
  movimientos: MovimientoRow[];
  cuentas: CuentaRow[];
}

/** The fragment: one json value with the day's movements and every account's balance at its end. */
export function cuentasDaySql(ledgerId: string, fecha: string): SQL {
  return sql`json_build_object(
    'uses', exists (select 1 from cuentas where ledger_id = ${ledgerId}) or exists (select 1 from movimientos where ledger_id = ${ledgerId}),
    'netos_ves', coalesce((select mov_ves from ledger_day_totals where ledger_id = ${ledgerId} and fecha = ${fecha}::date), 0)::text,
    'netos_usd', coalesce((select mov_usd from ledger_day_totals where ledger_id = ${ledgerId} and fecha = ${fecha}::date), 0)::text,
    'movimientos', ${dayMovimientosSql(ledgerId, fecha)},
    'cuentas', ${cuentasSaldoSql(ledgerId, fecha)})`;
}

export interface CuentasDayFigures {
  disponible_ves: string;
  disponible_usd: string;
  verificado_ves: string;
  verificado_usd: string;
  extra?: {
    movimientos_netos_ves: { valor: number };
    movimientos_netos_usd: { valor: number };
    movimientos: MovimientoJson[];
    cuentas: CuentaSaldoJson[];
    sin_asignar: { ves: number; usd: number };
  };
}

/**
 * The day's figures with its movements: the available balances (already rounded to cents by
 * summarizeDay) plus the movimientos netos — movements are whole cents, so this is the rounding of
 * the exact sum — and, for a ledger that uses accounts, Sin asignar = round2(available) −
 * Σ round2(account) per currency (DESIGN §28).
 */
export function cuentasDayFigures(
  raw: CuentasDayRaw,
  shown: { disponible_ves: string; disponible_usd: string; verificado_ves: string; verificado_usd: string },
): CuentasDayFigures {
  const disponible_ves = toFixedString(new Big(shown.disponible_ves).plus(raw.netos_ves), 2);
  const disponible_usd = toFixedString(new Big(shown.disponible_usd).plus(raw.netos_usd), 2);
  const figures: CuentasDayFigures = {
    disponible_ves,
    disponible_usd,
    verificado_ves: toFixedString(new Big(shown.verificado_ves).plus(raw.netos_ves), 2),
    verificado_usd: toFixedString(new Big(shown.verificado_usd).plus(raw.netos_usd), 2),
  };
  if (!raw.uses) return figures;
  const saldos = (moneda: 'VES' | 'USD') => raw.cuentas.filter((c) => c.moneda === moneda).map((c) => c.saldo ?? '0');
  figures.extra = {
    movimientos_netos_ves: { valor: num(raw.netos_ves, 2) },
    movimientos_netos_usd: { valor: num(raw.netos_usd, 2) },
    movimientos: raw.movimientos.map(toMovimientoJson),
    cuentas: raw.cuentas.map(toCuentaSaldoJson),
    sin_asignar: {
      ves: num(sinAsignar(disponible_ves, saldos('VES')), 2),
      usd: num(sinAsignar(disponible_usd, saldos('USD')), 2),
    },
  };
  return figures;
}
