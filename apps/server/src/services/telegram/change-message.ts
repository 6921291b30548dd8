import { formatBs, formatDayShort, formatNumber2, formatRate, formatUsd } from '@arb/shared';

/** An activity row as the message builder reads it (docs/product.md#telegram-notices). */
export interface ChangeRow {
  action: string;
  fecha: string | null;
  before: unknown;
  after: unknown;
  /** The account a cuadre names (change-fanout.ts joins it); null once it is gone, absent elsewhere. */
  cuenta?: { nombre: string; moneda: string } | null;
}

export interface ChangeMessageInput {
  ledgerId: string;
  ledgerName: string;
  actorName: string;
  rows: ChangeRow[];
  appUrl: string;
}

type Snapshot = { venta?: number; tasa_venta?: number; compra?: number; tasa_compra?: number; notas?: string | null };
type Base = { saldo_base_ves?: number | string | null; saldo_base_usd?: number | string | null };

const obj = <T>(v: unknown): T => (v && typeof v === 'object' ? (v as T) : ({} as T));

/** "venta 100,00 USD a 40,00 Bs, compra 98,00 USD a 39,50 Bs" (sides with an amount only). */
function amounts(s: Snapshot): string {
  const sides: string[] = [];
  if (Number(s.venta ?? 0) > 0) sides.push(`venta ${formatUsd(s.venta)} a ${formatRate(s.tasa_venta)}`);
  if (Number(s.compra ?? 0) > 0) sides.push(`compra ${formatUsd(s.compra)} a ${formatRate(s.tasa_compra)}`);
  return sides.join(', ') || 'sin montos';
}

const MOVEMENT_NAMES: Record<string, string> = {
  transferencia: 'una transferencia',
  aporte: 'un aporte',
  retiro: 'un retiro',
  ajuste: 'un ajuste',
};
/** "un aporte de 100,00 USD" from a movement's snapshot (its numbers are exact text). */
function movement(m: { tipo?: string; moneda?: string; monto?: string | number }): string {
  const amount = m.moneda === 'VES' ? formatBs(m.monto) : formatUsd(m.monto);
  return `${MOVEMENT_NAMES[m.tipo ?? ''] ?? 'un movimiento'} de ${amount}`;
}

const periodo = (p: { desde?: string; hasta?: string }) =>
  p.desde && p.hasta ? `${formatDayShort(p.desde)} – ${formatDayShort(p.hasta)}` : '';
const day = (r: ChangeRow) => (r.fecha ? ` del ${formatDayShort(r.fecha)}` : '');
const count = (n: number) => (n === 1 ? '1 operación' : `${n} operaciones`);
/** " del 20/11/2026" or " del 20/11/2026 al 22/11/2026" from a list of days (else the row's day). */
function span(days: string[] | undefined, r: ChangeRow): string {
  const sorted = [...(days ?? [])].sort();
  if (sorted.length === 0) return day(r);
  return sorted.length === 1
    ? ` del ${formatDayShort(sorted[0]!)}`
    : ` del ${formatDayShort(sorted[0]!)} al ${formatDayShort(sorted.at(-1)!)}`;
}

/**
 * What one change says, keyed by the activity's action: a new action plugs in with one entry
 * (`one` for a single row, `many` for a burst of that action in one change). `null` = never
 * notified (own-interest actions such as a verification tick or membership housekeeping).
 * An action missing here gets the generic text ("hizo un cambio"), so a new kind of change (an
 * import's, a restore's, merged from another branch) is never silent; every action that must stay
 * silent is listed with null.
 */
export const changeMessages: Record<string, { one: (r: ChangeRow) => string | null; many?: (rows: ChangeRow[]) => string } | null> = {
  TRANSACTION_CREATED: {
    one: (r) => `registró una operación${day(r)}: ${amounts(obj(r.after))}`,
    many: (rows) => `registró ${rows.length} operaciones`,
  },
  TRANSACTION_UPDATED: {
    one: (r) => {
      const before = obj<Snapshot & { fecha?: string }>(r.before);
      const moved = before.fecha && r.fecha && before.fecha !== r.fecha ? ` (antes del ${formatDayShort(before.fecha)})` : '';
      return `editó una operación${day(r)}${moved}: antes ${amounts(before)}; ahora ${amounts(obj(r.after))}`;
    },
    many: (rows) => `editó ${rows.length} operaciones`,
  },
  TRANSACTION_DELETED: {
    one: (r) => `eliminó una operación${day(r)}: ${amounts(obj(r.before))}`,
    many: (rows) => `eliminó ${rows.length} operaciones`,
  },
  LEDGER_DAY_RESET: {
    one: (r) => {
      const n = Array.isArray(obj<{ transactions?: unknown[] }>(r.before).transactions)
        ? obj<{ transactions: unknown[] }>(r.before).transactions.length
        : 0;
      return `reinició el día${r.fecha ? ` ${formatDayShort(r.fecha)}` : ''}: ${n === 1 ? '1 operación eliminada' : `${n} operaciones eliminadas`} y saldos base a cero`;
    },
  },
  DAILY_BALANCE_UPDATED: {
    one: (r) => {
      const a = obj<Base>(r.after);
      return `cambió el saldo base${day(r)}: ${formatBs(a.saldo_base_ves)} y ${formatUsd(a.saldo_base_usd)}`;
    },
  },
  // Binance P2P import (docs/product.md#binance-import), its undo and a restore (docs/product.md#undo): one activity row, one message
  // for the whole batch; nothing is said when no row changed.
  IMPORT_CREATED: {
    one: (r) => {
      const a = obj<{ created?: number; fechas?: string[] }>(r.after);
      return a.created ? `importó ${count(a.created)} de Binance P2P${span(a.fechas, r)}` : null;
    },
  },
  IMPORT_UNDONE: {
    one: (r) => {
      const a = obj<{ removed?: number; fechas?: string[] }>(r.after);
      return a.removed
        ? `deshizo una importación de Binance P2P: ${count(a.removed)} eliminada${a.removed === 1 ? '' : 's'}${span(a.fechas, r)}`
        : null;
    },
  },
  ACTIVITY_RESTORED: {
    one: (r) => {
      const a = obj<{ action?: string; restored?: number; days?: string[] }>(r.after);
      // Undoing a capital registration brings no row back: it unregisters the capital (decision 0059).
      if (a.action === 'CAPITAL_INICIAL_REGISTRADO') return `deshizo el registro del capital inicial de los socios${day(r)}`;
      return a.restored ? `restauró ${count(a.restored)}${span(a.days, r)}` : `restauró un cambio deshecho${day(r)}`;
    },
  },
  // Accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos).
  CUENTA_CREATED: { one: (r) => `creó la cuenta ${obj<{ nombre?: string }>(r.after).nombre ?? ''}` },
  CUENTA_UPDATED: { one: (r) => `modificó la cuenta ${obj<{ nombre?: string }>(r.after).nombre ?? ''}` },
  CUENTA_DELETED: { one: (r) => `eliminó la cuenta ${obj<{ nombre?: string }>(r.before).nombre ?? ''}` },
  MOVEMENT_CREATED: { one: (r) => `registró ${movement(obj(r.after))}${day(r)}` },
  MOVEMENT_UPDATED: { one: (r) => `editó ${movement(obj(r.after))}${day(r)}` },
  MOVEMENT_DELETED: { one: (r) => `eliminó ${movement(obj(r.before))}${day(r)}` },
  CUADRE_CREATED: {
    one: (r) => {
      // es-ES in the account's currency, naming it, as the history's sentence (socios walk: "saldo
      // real 51580.75, diferencia -19.25"); without the account, plain es-ES numbers, no guessed unit.
      const a = obj<{ saldo_real?: string | number; diferencia?: string | number }>(r.after);
      const c = r.cuenta;
      const money = (v: string | number | undefined) =>
        !c ? formatNumber2(v ?? 0) : c.moneda === 'VES' ? formatBs(v ?? 0) : formatUsd(v ?? 0);
      const which = c ? ` de la cuenta «${c.nombre}»` : '';
      return `registró un cuadre${which}${day(r)}: saldo real ${money(a.saldo_real)}, diferencia ${money(a.diferencia)}`;
    },
  },
  // Socios (docs/product.md#socios-y-liquidacion).
  LIQUIDACION_CERRADA: {
    one: (r) => {
      const a = obj<{ desde?: string; hasta?: string; resultado_usd?: number }>(r.after);
      return `cerró el período ${periodo(a)}: resultado ${formatUsd(a.resultado_usd ?? 0)}`;
    },
  },
  CAPITAL_INICIAL_REGISTRADO: { one: (r) => `registró el capital inicial de los socios${day(r)}` },
  LIQUIDACION_REABIERTA: { one: (r) => `reabrió el período ${periodo(obj<{ desde?: string; hasta?: string }>(r.before))}` },
  LEDGER_OWNER_CHANGED: {
    one: (r) =>
      `transfirió la propiedad del registro a ${obj<{ owner?: { user_name?: string | null } }>(r.after).owner?.user_name ?? 'otro miembro'}`,
  },
  TRANSACTION_VERIFIED: null,
  LEDGER_CREATED: null,
  LEDGER_RENAMED: null,
  INVITE_REGENERATED: null,
  MEMBER_JOINED: null,
  MEMBER_LEFT: null,
  MEMBER_REMOVED: null,
  MEMBER_PERMISSIONS_UPDATED: null,
};

const generic = (rows: ChangeRow[]) => (rows.length === 1 ? `hizo un cambio${day(rows[0]!)}` : `hizo ${rows.length} cambios`);

/**
 * The text of one change for a member who did not make it (plain text: no parse_mode, so a `<b>`
 * or `*` in a name or note is shown as typed), or null when the change is not notified.
 */
export function changeMessage(input: ChangeMessageInput): string | null {
  const rows = input.rows.filter((r) => changeMessages[r.action] !== null);
  if (rows.length === 0) return null;
  const actions = new Set(rows.map((r) => r.action));
  const entry = actions.size === 1 ? changeMessages[rows[0]!.action] : undefined;
  let what: string;
  if (rows.length === 1) {
    const one = entry ? entry.one(rows[0]!) : generic(rows);
    if (one === null) return null;
    what = one;
  } else what = entry?.many ? entry.many(rows) : generic(rows);
  const days = [...new Set(rows.map((r) => r.fecha).filter((f): f is string => Boolean(f)))].sort();
  if (rows.length > 1 && days.length > 0) {
    what += days.length === 1 ? ` del ${formatDayShort(days[0]!)}` : ` del ${formatDayShort(days[0]!)} al ${formatDayShort(days.at(-1)!)}`;
  }
  const linkDay = days.at(-1);
  const link = `${input.appUrl}/dashboard?ledger=${encodeURIComponent(input.ledgerId)}${linkDay ? `&date=${linkDay}` : ''}`;
  return `${input.ledgerName}\n${input.actorName} ${what}.\n${link}`;
}
