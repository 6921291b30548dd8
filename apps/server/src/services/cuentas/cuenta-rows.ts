import { sql, type SQL } from 'drizzle-orm';
import type { CuentaJson, CuentaSaldoJson, MovimientoJson } from '@arb/shared';
import { num } from '../transactions/transaction-json.ts';

/**
 * How accounts and movements are read (docs/product.md#cuentas-y-movimientos): SQL fragments that
 * build each row as a json object with exact text numbers, and the one conversion of each to its
 * API shape. The day's balances answer reads them inside its one statement (day-answer-cache.ts).
 */

/** An account row with its balance at a day and its latest cuadre, as the fragments build it. */
export interface CuentaRow {
  id: string;
  ledger_id: string;
  nombre: string;
  moneda: 'VES' | 'USD';
  tipo: CuentaJson['tipo'];
  titular_id: string | null;
  titular_name: string | null;
  metodos_binance: string[];
  archivada: boolean;
  version: number;
  /** Exact Σ in − out up to the day (all and verified). */
  saldo?: string;
  v_saldo?: string;
  cuadre_fecha?: string | null;
  cuadre_saldo_real?: string | null;
  cuadre_saldo_sistema?: string | null;
  cuadre_diferencia?: string | null;
  /** The account's balance at the end of its latest cuadre's day, now, rounded to cents. */
  cuadre_saldo_ahora?: string | null;
}

const CUENTA_FIELDS = sql`'id', c.id, 'ledger_id', c.ledger_id, 'nombre', c.nombre, 'moneda', c.moneda, 'tipo', c.tipo,
  'titular_id', c.titular_id, 'titular_name', tu.user_name, 'metodos_binance', c.metodos_binance, 'archivada', c.archivada,
  'version', c.version`;

/** One account's row without balances (`c` is cuentas), as json. */
export function cuentaJsonSql(): SQL {
  return sql`json_build_object(${CUENTA_FIELDS})`;
}

/** The users join the fragments need for the titular. */
export const TITULAR_JOIN = sql`left join users tu on tu.id = c.titular_id`;

/**
 * The ledger's accounts with their balance at the end of `fecha` (sums of cuenta_day_totals, one
 * index range per account) and latest cuadre, as a json array ordered by name. Archived accounts
 * come only while their balance is not 0 (DESIGN §28), unless `allArchived`.
 */
export function cuentasSaldoSql(ledgerId: string, fecha: string, allArchived = false): SQL {
  return sql`(select coalesce(json_agg(x.j order by x.k, x.id), '[]'::json) from (
    select c.id, c.nombre_clave as k, json_build_object(${CUENTA_FIELDS},
      'saldo', coalesce(s.saldo, 0)::text, 'v_saldo', coalesce(s.v_saldo, 0)::text,
      'cuadre_fecha', lc.fecha::text, 'cuadre_saldo_real', lc.saldo_real::text, 'cuadre_saldo_sistema', lc.saldo_sistema::text,
      'cuadre_diferencia', lc.diferencia::text, 'cuadre_saldo_ahora', round(lcn.saldo, 2)::text) as j
    from cuentas c ${TITULAR_JOIN}
    left join lateral (
      select sum(t.entra - t.sale) as saldo, sum(t.v_entra - t.v_sale) as v_saldo from cuenta_day_totals t
      where t.ledger_id = c.ledger_id and t.cuenta_id = c.id and t.fecha <= ${fecha}::date) s on true
    left join lateral (
      select q.fecha, q.saldo_real, q.saldo_sistema, q.diferencia from cuadres q
      where q.cuenta_id = c.id order by q.fecha desc, q.created_at desc limit 1) lc on true
    left join lateral (
      select coalesce(sum(t.entra - t.sale), 0) as saldo from cuenta_day_totals t
      where t.ledger_id = c.ledger_id and t.cuenta_id = c.id and t.fecha <= lc.fecha) lcn on lc.fecha is not null
    where c.ledger_id = ${ledgerId} and (not c.archivada or ${allArchived}::boolean or coalesce(s.saldo, 0) <> 0)
  ) x)`;
}

export function toCuentaJson(r: CuentaRow): CuentaJson {
  return {
    id: r.id,
    ledgerId: r.ledger_id,
    nombre: r.nombre,
    moneda: r.moneda,
    tipo: r.tipo,
    titular: r.titular_id && r.titular_name !== null ? { id: r.titular_id, user_name: r.titular_name } : null,
    metodos_binance: r.metodos_binance,
    archivada: r.archivada,
    version: r.version,
  };
}

/**
 * An account is descuadrada when its latest cuadre's saldo_real differs from its balance at the
 * end of that cuadre's day now, both in cents (docs/product.md#cuadre, DESIGN §28).
 */
export function isDescuadrada(r: CuentaRow): boolean {
  if (!r.cuadre_fecha || r.cuadre_saldo_real == null || r.cuadre_saldo_ahora == null) return false;
  return num(r.cuadre_saldo_real, 2) !== num(r.cuadre_saldo_ahora, 2);
}

export function toCuentaSaldoJson(r: CuentaRow): CuentaSaldoJson {
  return {
    ...toCuentaJson(r),
    saldo: num(r.saldo ?? '0', 2),
    ultimo_cuadre: r.cuadre_fecha
      ? {
          fecha: r.cuadre_fecha,
          saldo_real: num(r.cuadre_saldo_real ?? '0', 2),
          saldo_sistema: num(r.cuadre_saldo_sistema ?? '0', 2),
          diferencia: num(r.cuadre_diferencia ?? '0', 2),
        }
      : null,
    descuadrada: isDescuadrada(r),
  };
}

/** A movement row as the fragments build it. */
export interface MovimientoRow {
  id: string;
  ledger_id: string;
  tipo: MovimientoJson['tipo'];
  fecha: string;
  ocurrido_en: string;
  moneda: 'VES' | 'USD';
  monto: string;
  comision: string;
  cuenta_origen_id: string | null;
  cuenta_destino_id: string | null;
  sentido: 'entrada' | 'salida' | null;
  miembro_id: string | null;
  miembro_name: string | null;
  tasa: string | null;
  notas: string | null;
  version: number;
  created_by: string | null;
  author_name: string | null;
  created_at: string;
}

/** A movement (`m`, joined to users `mu` as its member and `au` as its author) as json with exact text numbers. */
export const MOVIMIENTO_JSON = sql`json_build_object('id', m.id, 'ledger_id', m.ledger_id, 'tipo', m.tipo, 'fecha', m.fecha::text,
  'ocurrido_en', to_char(m.ocurrido_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'moneda', m.moneda, 'monto', m.monto::text,
  'comision', m.comision::text, 'cuenta_origen_id', m.cuenta_origen_id, 'cuenta_destino_id', m.cuenta_destino_id, 'sentido', m.sentido,
  'miembro_id', m.miembro_id, 'miembro_name', mu.user_name, 'tasa', m.tasa::text, 'notas', m.notas, 'version', m.version,
  'created_by', m.created_by, 'author_name', au.user_name,
  'created_at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

export const MOVIMIENTO_JOINS = sql`left join users mu on mu.id = m.miembro_id left join users au on au.id = m.created_by`;

/** The order of movements within a day, like transactions' (ocurrido_en, created_at, id). */
export const MOVIMIENTO_ORDER = sql`m.fecha, m.ocurrido_en, m.created_at, m.id`;

/** The day's movements as a json array in the day's order. */
export function dayMovimientosSql(ledgerId: string, fecha: string): SQL {
  return sql`(select coalesce(json_agg(${MOVIMIENTO_JSON} order by ${MOVIMIENTO_ORDER}), '[]'::json)
    from movimientos m ${MOVIMIENTO_JOINS} where m.ledger_id = ${ledgerId} and m.fecha = ${fecha}::date)`;
}

export function toMovimientoJson(r: MovimientoRow): MovimientoJson {
  return {
    id: r.id,
    ledgerId: r.ledger_id,
    tipo: r.tipo,
    fecha: r.fecha,
    ocurrido_en: r.ocurrido_en,
    moneda: r.moneda,
    monto: num(r.monto, 2),
    comision: num(r.comision, 2),
    cuenta_origen_id: r.cuenta_origen_id,
    cuenta_destino_id: r.cuenta_destino_id,
    sentido: r.sentido,
    miembro: r.miembro_id && r.miembro_name !== null ? { id: r.miembro_id, user_name: r.miembro_name } : null,
    tasa: r.tasa === null ? null : num(r.tasa, 4),
    notas: r.notas,
    creadoPor: r.created_by && r.author_name !== null ? { id: r.created_by, user_name: r.author_name } : null,
    version: r.version,
    createdAt: r.created_at,
  };
}
