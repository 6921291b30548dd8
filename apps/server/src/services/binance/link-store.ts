import { sql } from 'drizzle-orm';
import type { BinanceEstado, BinanceLinkStatus, BinanceSyncResult } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

/** A crashed run's claim lapses after this; no run lasts that long (a run stops calling Binance after 10 minutes, docs/decisions/0058). */
export const CLAIM_TTL_MINUTES = 15;

/** One user's link as stored (docs/product.md#binance-sync): the key and secret only sealed. */
export type LinkRow = {
  user_id: string;
  ledger_id: string | null;
  api_key_sealed: string;
  api_secret_sealed: string;
  api_key_end: string;
  ip_restrict: boolean;
  cuenta_usd_id: string | null;
  cuenta_ves_id: string | null;
  estado: BinanceEstado;
  motivo: string | null;
  cursor_ms: string | null;
  /** Binance asked to wait until then (429/418); ISO or null. */
  espera_hasta: string | null;
  en_curso: boolean;
  ultima: BinanceSyncResult | null;
};

const columns = sql`user_id, ledger_id, api_key_sealed, api_secret_sealed, api_key_end, ip_restrict, cuenta_usd_id, cuenta_ves_id,
  estado, motivo, cursor_ms::text as cursor_ms, ultima,
  case when espera_hasta > now() then to_char(espera_hasta at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as espera_hasta,
  (en_curso_desde is not null and en_curso_desde > now() - make_interval(mins => ${CLAIM_TTL_MINUTES})) as en_curso`;

export async function readLink(db: DbOrTx, userId: string): Promise<LinkRow | undefined> {
  const r = await db.execute<LinkRow>(sql`select ${columns} from binance_links where user_id = ${userId}`);
  return r.rows[0];
}

/** The answer of GET/PUT: never the key or the secret, only the key's last 4 characters. */
export function linkStatus(row: LinkRow | undefined): BinanceLinkStatus {
  if (!row) return { conectado: false };
  return {
    conectado: true,
    apiKeyEnd: row.api_key_end,
    ledgerId: row.ledger_id,
    cuenta_usd_id: row.cuenta_usd_id,
    cuenta_ves_id: row.cuenta_ves_id,
    ipRestrict: row.ip_restrict,
    estado: row.estado,
    motivo: row.motivo,
    enCurso: row.en_curso,
    ultima: row.ultima,
  };
}

export interface NewLink {
  userId: string;
  ledgerId: string;
  apiKeySealed: string;
  apiSecretSealed: string;
  apiKeyEnd: string;
  ipRestrict: boolean;
  cuentaUsdId: string | null;
  cuentaVesId: string | null;
}

/** Creates or replaces the user's link; a new ledger starts over (its cursor is cleared). */
export async function saveLink(db: DbOrTx, l: NewLink): Promise<void> {
  await db.execute(sql`
    insert into binance_links (user_id, ledger_id, api_key_sealed, api_secret_sealed, api_key_end, ip_restrict, cuenta_usd_id, cuenta_ves_id)
    values (${l.userId}, ${l.ledgerId}, ${l.apiKeySealed}, ${l.apiSecretSealed}, ${l.apiKeyEnd}, ${l.ipRestrict}, ${l.cuentaUsdId}, ${l.cuentaVesId})
    on conflict (user_id) do update set ledger_id = excluded.ledger_id, api_key_sealed = excluded.api_key_sealed,
      api_secret_sealed = excluded.api_secret_sealed, api_key_end = excluded.api_key_end, ip_restrict = excluded.ip_restrict,
      cuenta_usd_id = excluded.cuenta_usd_id, cuenta_ves_id = excluded.cuenta_ves_id, estado = 'activa', motivo = null,
      cursor_ms = case when binance_links.ledger_id is distinct from excluded.ledger_id then null else binance_links.cursor_ms end,
      espera_hasta = null, updated_at = now()`);
}

export async function deleteLink(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`delete from binance_links where user_id = ${userId}`);
}

/**
 * Takes the link for one run (one UPDATE, so two instances or two clicks cannot both win):
 * undefined when it is held by another run. `periodic` runs take only active links whose wait is over.
 */
export async function claimLink(db: DbOrTx, userId: string, periodic: boolean): Promise<LinkRow | undefined> {
  const r = await db.execute<LinkRow>(sql`
    update binance_links set en_curso_desde = now()
    where user_id = ${userId}
      and (en_curso_desde is null or en_curso_desde <= now() - make_interval(mins => ${CLAIM_TTL_MINUTES}))
      ${periodic ? sql`and estado = 'activa' and (espera_hasta is null or espera_hasta <= now())` : sql``}
    returning ${columns}`);
  return r.rows[0];
}

/** Ends a run: its result, the new cursor and, for a 429/418, when the next may start. */
export async function finishRun(
  db: DbOrTx,
  userId: string,
  f: { ultima: BinanceSyncResult; cursorMs: number | null; esperaHasta: Date | null },
): Promise<void> {
  await db.execute(sql`
    update binance_links set en_curso_desde = null, ultima = ${JSON.stringify(f.ultima)}::jsonb,
      cursor_ms = ${f.cursorMs === null ? null : String(f.cursorMs)}::bigint,
      espera_hasta = ${f.esperaHasta ? f.esperaHasta.toISOString() : null}::timestamptz, updated_at = now()
    where user_id = ${userId}`);
}

/** Stops a link (rechazada / sin_permiso); true only for the run that changed it, so the user is told once. */
export async function stopLink(db: DbOrTx, userId: string, estado: Exclude<BinanceEstado, 'activa'>, motivo: string): Promise<boolean> {
  const r = await db.execute(sql`
    update binance_links set estado = ${estado}, motivo = ${motivo}, updated_at = now()
    where user_id = ${userId} and estado <> ${estado} returning user_id`);
  return r.rows.length > 0;
}

/** A manual run that got through every check brings a stopped link back. */
export async function reactivateLink(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`update binance_links set estado = 'activa', motivo = null where user_id = ${userId} and estado <> 'activa'`);
}

/** The users whose links a periodic round runs. */
export async function dueLinks(db: DbOrTx): Promise<string[]> {
  const r = await db.execute<{ user_id: string }>(sql`
    select user_id from binance_links where estado = 'activa' and (espera_hasta is null or espera_hasta <= now()) order by user_id`);
  return r.rows.map((x) => x.user_id);
}
