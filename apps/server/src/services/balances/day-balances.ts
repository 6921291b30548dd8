import { sql } from 'drizzle-orm';
import { computeDay, type BalancesResponse, type PeriodoCerrado, type DayResult, type DayRowFigures } from '@arb/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import { cuentasDayFigures, cuentasDaySql, type CuentasDayRaw } from '../cuentas/cuentas-day.ts';
import { ledgerMethod, withRealizedProfit } from '../avg-cost/realized.ts';
import { num, toTransactionJson } from '../transactions/transaction-json.ts';
import { dayMarginAverage } from '../market/market-json.ts';
import { dayTransactions, type TransactionRow } from '../transactions/transaction-row.ts';
import { dayBaseBalance, type DayBaseBalance } from './base-balance.ts';

type Valor = BalancesResponse['resumen']['venta_total'];
export type { BalancesResponse };

/**
 * Runs reads in one snapshot: a read-only REPEATABLE READ transaction, so a change committed
 * between two of its statements (say, a row moved from the day before into this day) is seen by
 * neither or by both, never by one (issue 17). Inside a caller's transaction, that one is used.
 */
export async function inOneSnapshot<T>(db: DbOrTx, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if ('rollback' in db) return read(db);
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The day's rows with computeDay's figures, plus its base; shared by the balances answer and the Excel export. */
export async function computeLedgerDay(db: Db, ledgerId: string, fecha: string) {
  // Rows, base and method from one snapshot: read on two connections they could straddle a commit
  // and show a day whose base and rows disagree (money counted twice or not at all; issue 17).
  const { dayRows, base, metodo, cuentas } = await inOneSnapshot(db, async (tx) => ({
    dayRows: await dayTransactions(tx, ledgerId, fecha),
    base: await dayBaseBalance(tx, ledgerId, fecha),
    metodo: await ledgerMethod(tx, ledgerId),
    cuentas: await readCuentasDay(tx, ledgerId, fecha),
  }));
  // docs/product.md#profit-method-and-position: under costo_promedio the rows' profit is what they realized.
  const rows = metodo === 'costo_promedio' ? await withRealizedProfit(db, ledgerId, fecha, dayRows) : dayRows;
  // The stored figures were computed by computeTransaction when each row was written.
  const day = computeDay(
    rows.map((r) => ({ ...r, stored: r })),
    base,
  );
  return { base, day, cuentas };
}

/** The day's movements and accounts (cuentas-day.ts), on its own (the cached answer reads them in its one statement). */
export async function readCuentasDay(db: DbOrTx, ledgerId: string, fecha: string): Promise<CuentasDayRaw> {
  const result = await db.execute<{ j: CuentasDayRaw }>(sql`select ${cuentasDaySql(ledgerId, fecha)} as j`);
  return result.rows[0]!.j;
}

const v = (value: string): Valor => ({ valor: num(value, 2) });

/** The answer without its rows, in the answer's key order (the rows come last; see day-answer-cache.ts). */
export type BalancesHead = Omit<BalancesResponse, 'transacciones_con_acumulados'>;

/** The answer's figures of the whole day: its base and computeDay's / summarizeDay's summary. */
export function balancesHead(
  base: DayBaseBalance,
  day: Omit<DayResult<never>, 'transacciones_con_acumulados'>,
  cuentas: CuentasDayRaw,
  /** The closed period the day lies in (closedPeriodOf), or null. */
  cerrado: PeriodoCerrado | null,
  /** DESIGN §24: the day's USD-weighted margin vs paralelo (market-json.ts); undefined leaves the key out. */
  margenPromedio?: Valor,
): BalancesHead {
  const r = day.resumen;
  // docs/product.md#cuentas-y-movimientos: the day's movements join its available balances; a
  // ledger that uses accounts also gets the new keys (a ledger without them answers as before).
  const f = cuentasDayFigures(cuentas, {
    disponible_ves: r.saldo_disponible_ves,
    disponible_usd: r.saldo_disponible_usd,
    verificado_ves: day.saldos_actuales.saldo_ves_actual,
    verificado_usd: day.saldos_actuales.saldo_usd_actual,
  });
  const extra = f.extra;
  return {
    resumen: {
      saldo_disponible_ves: v(f.disponible_ves),
      saldo_disponible_usd: v(f.disponible_usd),
      venta_total: v(r.venta_total),
      compra_total: v(r.compra_total),
      ganancia_total_ves: v(r.ganancia_total_ves),
      ganancia_total_usd: v(r.ganancia_total_usd),
      ...(extra ? { movimientos_netos_ves: extra.movimientos_netos_ves, movimientos_netos_usd: extra.movimientos_netos_usd } : {}),
      ...(margenPromedio ? { margen_promedio: margenPromedio } : {}),
    },
    promedios: {
      tasa_venta_promedio: num(day.promedios.tasa_venta_promedio, 4),
      tasa_compra_promedio: num(day.promedios.tasa_compra_promedio, 4),
    },
    saldos_base: {
      saldo_base_ves: num(base.saldo_base_ves, 2),
      saldo_base_usd: num(base.saldo_base_usd, 2),
      heredado: base.heredado,
      heredado_ves: base.heredado_ves,
      heredado_usd: base.heredado_usd,
    },
    saldos_actuales: {
      saldo_ves_actual: num(f.verificado_ves, 2),
      saldo_usd_actual: num(f.verificado_usd, 2),
    },
    cerrado,
    ...(extra ? { movimientos: extra.movimientos, cuentas: extra.cuentas, sin_asignar: extra.sin_asignar } : {}),
  };
}

/**
 * The closed period (migration 0022's liquidaciones) holding `fecha`, or null: one probe of the
 * ledger's periods by its (ledger_id, desde) index. The same test the lock's trigger makes at commit.
 */
export const closedPeriodSql = (
  ledgerId: string,
  fecha: string,
) => sql`(select json_build_object('desde', q.desde::text, 'hasta', q.hasta::text)
  from liquidaciones q where q.ledger_id = ${ledgerId} and q.desde <= ${fecha}::date and q.hasta >= ${fecha}::date limit 1)`;

export async function closedPeriodOf(db: DbOrTx, ledgerId: string, fecha: string): Promise<PeriodoCerrado | null> {
  const result = await db.execute<{ c: PeriodoCerrado | null }>(sql`select ${closedPeriodSql(ledgerId, fecha)} as c`);
  return result.rows[0]?.c ?? null;
}

/** The balances answer computed from scratch (the reference the cached answer must equal). */
export async function dayBalances(db: Db, ledgerId: string, fecha: string): Promise<BalancesResponse> {
  const { base, day, cuentas } = await computeLedgerDay(db, ledgerId, fecha);
  const cerrado = await closedPeriodOf(db, ledgerId, fecha);
  return {
    ...balancesHead(base, day, cuentas, cerrado, dayMarginAverage(day.transacciones_con_acumulados)),
    transacciones_con_acumulados: day.transacciones_con_acumulados.map((row: TransactionRow & DayRowFigures) =>
      toTransactionJson(row, {
        ves: row.ganancia_acumulada_ves_hasta_esta_transaccion,
        usd: row.ganancia_acumulada_usd_hasta_esta_transaccion,
      }),
    ),
  };
}
