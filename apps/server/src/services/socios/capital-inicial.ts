import { sql } from 'drizzle-orm';
import {
  addDays,
  Big,
  capitalPorAsignar,
  filasCapitalInicial,
  formatNumber2,
  messages,
  t,
  type CapitalInicialApertura,
  type CapitalInicialData,
} from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { dayBaseBalance } from '../balances/base-balance.ts';
import { recheckDescuadres } from '../cuentas/descuadre.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from '../ledgers/actor.ts';
import { liquidacionLockKey } from './closed-days.ts';
import { rateOfDay } from './liquidacion-inputs.ts';

/**
 * "Registrar capital inicial" (DESIGN §28 "Existing ledgers", docs/product.md#socios-y-liquidacion,
 * decision 0056): a ledger kept before Socios existed holds money no aporte explains. On a chosen
 * day D the owner splits D's opening balances among the members; one change writes an aporte per
 * member and currency (a retiro for a negative share: a currency that opened below zero, decision
 * 0059; marked `registro_capital`, migration 0025) and moves D's explicit base by the same amounts,
 * so every balance and equity stay as they were and the capital is registered. It can be undone
 * from its activity (`deshacerCapitalInicial`, restore-handlers.ts).
 */

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

/** GET …/socios/capital-inicial?fecha (members): D's opening balances, which the registration must add up to. */
export async function aperturaCapitalInicial(ctx: Ctx, userId: string, ledgerId: string, fecha: string): Promise<CapitalInicialApertura> {
  await loadMembership(ctx.db, ledgerId, userId);
  const base = await dayBaseBalance(ctx.db, ledgerId, fecha);
  return { fecha, ves: Number(new Big(base.saldo_base_ves).toFixed(2)), usd: Number(new Big(base.saldo_base_usd).toFixed(2)) };
}

/** Refuses a registration where nothing is unregistered or where it would be counted twice (409). */
async function checkRegistrable(tx: DbOrTx, ledgerId: string, fecha: string): Promise<void> {
  const r = await tx.execute<{ cerrado: boolean; capital: boolean }>(sql`
    select exists (select 1 from liquidaciones where ledger_id = ${ledgerId}) as cerrado,
      exists (select 1 from movimientos where ledger_id = ${ledgerId} and tipo in ('aporte', 'retiro')
        and miembro_id is not null and fecha <= ${fecha}::date) as capital`);
  const row = r.rows[0]!;
  // §28: only "while nothing is closed" — a closed period already fixed who owned what.
  if (row.cerrado) throw new AppError('PERIODO_CERRADO', messages.capitalInicialConCierre);
  // The registration turns ALL of D's opening equity into capital: earlier capital would count twice.
  if (row.capital) throw new AppError('CAPITAL_YA_REGISTRADO', messages.capitalInicialYaRegistrado);
}

/**
 * POST …/socios/capital-inicial (owner). VES amounts are valued at the rate of D − 1: the rate a
 * period starting on D values its opening equity at (DESIGN §28 "The rate of a day"), so the
 * registered capital and that equity are the same figure (decision 0056).
 */
export async function registrarCapitalInicial(
  ctx: Ctx,
  actor: Actor,
  ledgerId: string,
  data: CapitalInicialData,
): Promise<CapitalInicialApertura> {
  const result = await ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manage', actor.access);
    // No period may close while the registration is written (decision 0044's lock, exclusive).
    await tx.execute(sql`select pg_advisory_xact_lock(${liquidacionLockKey(ledgerId)})`);
    await checkRegistrable(tx, ledgerId, data.fecha);
    const miembros = await tx.execute<{ id: string }>(sql`select user_id::text as id from ledger_members where ledger_id = ${ledgerId}`);
    const ids = new Set(miembros.rows.map((x) => x.id));
    if (data.aportes.some((a) => !ids.has(a.userId)))
      throw new AppError('VALIDATION_ERROR', messages.capitalInicialNoMiembro, { aportes: messages.capitalInicialNoMiembro });

    const base = await dayBaseBalance(tx, ledgerId, data.fecha);
    const apertura = { ves: base.saldo_base_ves, usd: base.saldo_base_usd };
    const aperturaCents = { ves: new Big(apertura.ves).round(2, Big.roundHalfUp), usd: new Big(apertura.usd).round(2, Big.roundHalfUp) };
    if (aperturaCents.ves.eq(0) && aperturaCents.usd.eq(0)) throw new AppError('CAPITAL_YA_REGISTRADO', messages.capitalInicialSinSaldo);
    const falta = capitalPorAsignar(apertura, data.aportes);
    if (!new Big(falta.ves).eq(0) || !new Big(falta.usd).eq(0)) {
      const msg = t('capitalInicialNoSuma', {
        ves: formatNumber2(aperturaCents.ves.toFixed(2)),
        usd: formatNumber2(aperturaCents.usd.toFixed(2)),
      });
      throw new AppError('VALIDATION_ERROR', msg, { aportes: msg });
    }
    // Per member and currency: an aporte, or a retiro for a negative share (decision 0059).
    const filas = filasCapitalInicial(data.aportes);
    const conVes = filas.some((f) => f.moneda === 'VES');
    const tasa = conVes ? await rateOfDay(tx, addDays(data.fecha, -1), ctx.config.APP_TIMEZONE) : null;
    if (conVes && tasa === null) throw new AppError('TASA_REQUERIDA', messages.tasaRequerida, { tasa: messages.tasaRequerida });

    // The day's base row as it was, whole (null: the day had none), so that "Deshacer" puts back
    // exactly that (decision 0059, the way a reset keeps it: docs/decisions/0012).
    const previa = await tx.execute<{ row: RowSnapshot }>(
      sql`select ${rowSnapshotSql('d')} as row from daily_balances d where d.ledger_id = ${ledgerId} and d.fecha = ${data.fecha}`,
    );
    const before = {
      saldo_base_ves: base.saldo_base_ves,
      saldo_base_usd: base.saldo_base_usd,
      heredado: base.heredado,
      daily_balance: previa.rows[0]?.row ?? null,
    };
    // The base moves by exactly what the movements bring in and take out (per currency): Σ = the
    // opening, so the explicit base becomes the opening minus itself (0, or the sub-cent rest a
    // column at 2 decimals cannot hold).
    const nuevaVes = new Big(apertura.ves).minus(aperturaCents.ves).toFixed(2);
    const nuevaUsd = new Big(apertura.usd).minus(aperturaCents.usd).toFixed(2);
    await tx.execute(sql`
      insert into daily_balances (ledger_id, fecha, saldo_base_ves, saldo_base_usd, updated_by, updated_at)
      values (${ledgerId}, ${data.fecha}, ${nuevaVes}, ${nuevaUsd}, ${actor.user.id}, now())
      on conflict (ledger_id, fecha) do update set saldo_base_ves = excluded.saldo_base_ves,
        saldo_base_usd = excluded.saldo_base_usd, updated_by = excluded.updated_by, updated_at = now()`);

    // Aportes into Sin asignar, retiros out of it (a null account is Sin asignar: DESIGN §20, §28).
    const aportes: RowSnapshot[] = [];
    for (const f of filas) {
      const ins = await tx.execute<{ row: RowSnapshot }>(sql`
        insert into movimientos as m (ledger_id, tipo, fecha, ocurrido_en, moneda, monto, miembro_id, tasa, notas, registro_capital, created_by)
        values (${ledgerId}, ${f.tipo}, ${data.fecha}, (${data.fecha}::date + time '00:00') at time zone ${ctx.config.APP_TIMEZONE},
          ${f.moneda}, ${f.monto}, ${f.userId}, ${f.moneda === 'VES' ? tasa!.tasa : null}, ${messages.sociosCapitalInicialTitulo},
          true, ${actor.user.id})
        returning ${rowSnapshotSql('m')} as row`);
      aportes.push(ins.rows[0]!.row);
    }
    record({
      ledgerId,
      userId: actor.user.id,
      action: 'CAPITAL_INICIAL_REGISTRADO',
      fecha: data.fecha,
      before,
      // `aportes` holds every movement written (retiros too), as full rows: the undo deletes exactly these.
      after: { saldo_base_ves: nuevaVes, saldo_base_usd: nuevaUsd, heredado: false, aportes },
    });
    emit({
      event: 'balance-updated',
      ledgerId,
      type: 'CAPITAL_INICIAL_REGISTRADO',
      fecha: data.fecha,
      fechas: [data.fecha],
      byUserId: actor.user.id,
    });
    return { fecha: data.fecha, ves: aperturaCents.ves.toNumber(), usd: aperturaCents.usd.toNumber() };
  });
  await recheckDescuadres(ctx.db, ledgerId, ctx.config.APP_URL);
  return result;
}
