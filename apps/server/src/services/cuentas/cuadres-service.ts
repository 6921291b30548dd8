import { sql } from 'drizzle-orm';
import { messages, type CreateCuadreData, type CuadreJson } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { rowSnapshotSql, type RowSnapshot } from '../activity/row-snapshot.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { ledgerChange } from '../ledger-change.ts';
import type { Actor } from '../ledgers/actor.ts';
import { num } from '../transactions/transaction-json.ts';

/**
 * Cuadres (docs/product.md#cuadre): the balance seen in the bank at the end of a day, against the
 * account's balance then (`saldo_sistema`, in cents, DESIGN §28), their difference and the
 * unverified flows inside it (`sin_verificar`). Recording one needs the balance permission.
 */

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

interface CuadreRow {
  id: string;
  cuenta_id: string;
  fecha: string;
  saldo_real: string;
  saldo_sistema: string;
  diferencia: string;
  sin_verificar: string;
  created_by: string | null;
  author_name: string | null;
  created_at: string;
}

const CUADRE_COLUMNS = sql`q.id::text as id, q.cuenta_id::text as cuenta_id, q.fecha::text as fecha, q.saldo_real::text as saldo_real,
  q.saldo_sistema::text as saldo_sistema, q.diferencia::text as diferencia, q.sin_verificar::text as sin_verificar, q.created_by::text as created_by,
  u.user_name as author_name, to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

function toCuadreJson(r: CuadreRow): CuadreJson {
  return {
    id: r.id,
    cuentaId: r.cuenta_id,
    fecha: r.fecha,
    saldo_real: num(r.saldo_real, 2),
    saldo_sistema: num(r.saldo_sistema, 2),
    diferencia: num(r.diferencia, 2),
    sin_verificar: num(r.sin_verificar, 2),
    creadoPor: r.created_by && r.author_name !== null ? { id: r.created_by, user_name: r.author_name } : null,
    createdAt: r.created_at,
  };
}

async function cuentaOf(db: DbOrTx, ledgerId: string, cuentaId: string): Promise<{ nombre: string }> {
  const r = await db.execute<{ nombre: string }>(sql`select nombre from cuentas where id = ${cuentaId} and ledger_id = ${ledgerId}`);
  if (!r.rows[0]) throw new AppError('NOT_FOUND', messages.cuentaNotFound);
  return r.rows[0];
}

/** GET …/cuentas/:cuentaId/cuadres (members), newest first. */
export async function listCuadres(db: DbOrTx, ledgerId: string, cuentaId: string): Promise<CuadreJson[]> {
  await cuentaOf(db, ledgerId, cuentaId);
  const r = await db.execute<CuadreRow & Record<string, unknown>>(sql`
    select ${CUADRE_COLUMNS} from cuadres q left join users u on u.id = q.created_by
    where q.cuenta_id = ${cuentaId} order by q.fecha desc, q.created_at desc`);
  return r.rows.map(toCuadreJson);
}

/**
 * POST …/cuentas/:cuentaId/cuadres {fecha, saldo_real} → 201 {cuadre}. The account's state seen
 * for the descuadrada notice becomes this cuadre's: cuadrada when it matches, else descuadrada
 * (the user sees the difference now; a later change only notifies on a flip, DESIGN §28).
 */
export async function createCuadre(
  ctx: Ctx,
  actor: Actor,
  ledgerId: string,
  cuentaId: string,
  data: CreateCuadreData,
): Promise<CuadreJson> {
  return ledgerChange(ctx.db, ctx.bus, async ({ tx, record, emit }) => {
    const m = await loadMembership(tx, ledgerId, actor.user.id);
    authorize(m, 'manageCuentas', actor.access);
    await cuentaOf(tx, ledgerId, cuentaId);
    // The account's row is locked so cuadres of one account are recorded one at a time.
    await tx.execute(sql`select 1 from cuentas where id = ${cuentaId} for update`);
    const inserted = await tx.execute<{ id: string; row: RowSnapshot; diferencia: string }>(sql`
      with s as (
        select round(coalesce(sum(entra - sale), 0), 2) as saldo, round(coalesce(sum((entra - sale) - (v_entra - v_sale)), 0), 2) as sin_verificar
        from cuenta_day_totals where ledger_id = ${ledgerId} and cuenta_id = ${cuentaId} and fecha <= ${data.fecha}::date
      )
      insert into cuadres as q (ledger_id, cuenta_id, fecha, saldo_real, saldo_sistema, diferencia, sin_verificar, created_by)
      select ${ledgerId}, ${cuentaId}, ${data.fecha}, ${data.saldo_real}::numeric, s.saldo, ${data.saldo_real}::numeric - s.saldo, s.sin_verificar, ${actor.user.id}
      from s returning q.id::text as id, ${rowSnapshotSql('q')} as row, q.diferencia::text as diferencia`);
    const created = inserted.rows[0]!;
    await tx.execute(sql`update cuentas set descuadre_avisado = ${Number(created.diferencia) !== 0} where id = ${cuentaId}`);
    record({ ledgerId, userId: actor.user.id, action: 'CUADRE_CREATED', entityId: created.id, fecha: data.fecha, after: created.row });
    emit({ event: 'balance-updated', ledgerId, type: 'CUADRE_CREATED', fecha: data.fecha, fechas: [data.fecha], byUserId: actor.user.id });
    const r = await tx.execute<CuadreRow & Record<string, unknown>>(
      sql`select ${CUADRE_COLUMNS} from cuadres q left join users u on u.id = q.created_by where q.id = ${created.id}`,
    );
    return toCuadreJson(r.rows[0]!);
  });
}
