import {
  formatBs,
  formatDayShort,
  formatNumber2,
  formatRate,
  formatUsd,
  isDayKey,
  messages,
  t,
  type MessageKey,
  type MetodoGanancia,
} from '@arb/shared';
import type { ActivityEntry } from '../api/types';

type Values = Record<string, unknown> | null;
type Format = (v: unknown) => string;

const num = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : null;
const amount: Format = (v) => (num(v) === null ? messages.activityEmptyValue : formatNumber2(num(v)));
const rate: Format = (v) => (num(v) === null ? messages.activityEmptyValue : formatRate(num(v)));
const usd: Format = (v) => (num(v) === null ? messages.activityEmptyValue : formatUsd(num(v)));
const bs: Format = (v) => (num(v) === null ? messages.activityEmptyValue : formatBs(num(v)));
const text: Format = (v) => (typeof v === 'string' && v !== '' ? `«${v}»` : messages.activityEmptyValue);
const day: Format = (v) => (isDayKey(v) ? formatDayShort(v) : messages.activityEmptyValue);
const yesNo: Format = (v) => (v === true ? messages.activityYes : messages.activityNo);

interface Field {
  key: string;
  label: MessageKey;
  format: Format;
}

/** The fields a person typed into a transaction, in the form's order. */
const TX_FIELDS: Field[] = [
  { key: 'fecha', label: 'activityFieldFecha', format: day },
  { key: 'venta', label: 'activityFieldVenta', format: amount },
  { key: 'tasa_venta', label: 'activityFieldTasaVenta', format: rate },
  { key: 'compra', label: 'activityFieldCompra', format: amount },
  { key: 'tasa_compra', label: 'activityFieldTasaCompra', format: rate },
  { key: 'notas', label: 'activityFieldNotas', format: text },
];
const BALANCE_FIELDS: Field[] = [
  { key: 'saldo_base_ves', label: 'activityFieldSaldoVes', format: bs },
  { key: 'saldo_base_usd', label: 'activityFieldSaldoUsd', format: usd },
];

const same = (a: unknown, b: unknown): boolean => {
  const na = num(a);
  const nb = num(b);
  if (na !== null && nb !== null) return na === nb;
  return (a ?? '') === (b ?? '');
};

/** "venta 100,00 → 120,00" for each field that differs between before and after. */
function changes(before: Values, after: Values, fields: Field[]): string[] {
  if (!before || !after) return [];
  return fields
    .filter((f) => f.key in before || f.key in after)
    .filter((f) => !same(before[f.key], after[f.key]))
    .map((f) => `${messages[f.label]} ${f.format(before[f.key])} → ${f.format(after[f.key])}`);
}

/**
 * "venta 100,00, tasa venta 40,00 Bs, ganancia 100,00 USD": a transaction as it was created or
 * deleted. The snapshot's ganancia is the per-operation figure (docs/product.md#money); under
 * costo promedio a row's profit is what the walk realizes, which depends on every earlier row
 * and changes with them, so the sentence states none (issue 36: "venta 600,00 … ganancia 599,40 USD"
 * for a sale that realized 29,59).
 */
function snapshot(values: Values, metodo: MetodoGanancia): string[] {
  if (!values) return [];
  const parts = TX_FIELDS.filter((f) => f.key !== 'fecha' && f.key !== 'notas')
    .filter((f) => num(values[f.key]) !== null && num(values[f.key]) !== 0)
    .map((f) => `${messages[f.label]} ${f.format(values[f.key])}`);
  if (metodo === 'por_operacion' && num(values.ganancia_usd) !== null) {
    parts.push(`${messages.activityFieldGanancia} ${usd(values.ganancia_usd)}`);
  }
  return parts;
}

const withDetails = (head: string, details: string[]): string => (details.length > 0 ? `${head}: ${details.join(', ')}` : head);

/** The member an owner acted on, from the entry's snapshot (`user.user_name`); null in old entries. */
function memberName(...values: Values[]): string | null {
  for (const v of values) {
    const u = v?.user;
    if (u && typeof u === 'object' && 'user_name' in u && typeof u.user_name === 'string' && u.user_name !== '') return u.user_name;
  }
  return null;
}

/** Who did it: the name, or 'Usuario eliminado' once the account is gone. */
export function actorName(entry: ActivityEntry): string {
  return entry.user?.user_name ?? messages.deletedUser;
}

/**
 * One activity entry as a Spanish sentence, e.g. 'Ana editó una transacción del 21/11/2026:
 * venta 100,00 → 120,00'. Unknown actions still read as a sentence ('Ana realizó X'). `metodo` is
 * the ledger's profit method: a profit is stated only when it is the one the ledger shows.
 */
export function activitySentence(entry: ActivityEntry, metodo: MetodoGanancia): string {
  const user = actorName(entry);
  const { before, after } = entry;
  const fechaOf = (v: Values) => (v && isDayKey(v.fecha) ? v.fecha : null);
  const fecha = day(fechaOf(before) ?? entry.fecha ?? fechaOf(after));
  switch (entry.action) {
    case 'TRANSACTION_CREATED':
      return withDetails(t('activityTxCreated', { user, fecha }), snapshot(after, metodo));
    case 'TRANSACTION_UPDATED':
      return withDetails(t('activityTxUpdated', { user, fecha }), changes(before, after, TX_FIELDS));
    case 'TRANSACTION_DELETED':
      return withDetails(t('activityTxDeleted', { user, fecha }), snapshot(before, metodo));
    case 'TRANSACTION_VERIFIED':
      return t(after?.esta_verificada === false ? 'activityTxUnverified' : 'activityTxVerified', { user, fecha });
    case 'DAILY_BALANCE_UPDATED':
      return withDetails(t('activityBalanceUpdated', { user, fecha }), changes(before ?? {}, after, BALANCE_FIELDS));
    case 'LEDGER_DAY_RESET': {
      const deleted = Array.isArray(before?.transactions) ? before.transactions.length : 0;
      return withDetails(t('activityDayReset', { user, fecha }), deleted > 0 ? [`${messages.activityFieldDeletedTx} ${deleted}`] : []);
    }
    case 'ACTIVITY_RESTORED':
      return t('activityRestored', { user, fecha });
    case 'IMPORT_CREATED':
      return t('activityImported', { user, n: typeof after?.created === 'number' ? after.created : 0 });
    case 'IMPORT_UNDONE':
      return t('activityImportUndone', { user, n: typeof after?.removed === 'number' ? after.removed : 0 });
    case 'LEDGER_CREATED':
      return withDetails(t('activityLedgerCreated', { user }), after?.name ? [text(after.name)] : []);
    case 'LEDGER_RENAMED':
      return withDetails(
        t('activityLedgerRenamed', { user }),
        changes(before, after, [{ key: 'name', label: 'activityFieldName', format: text }]),
      );
    case 'MEMBER_JOINED':
      return t('activityMemberJoined', { user });
    case 'MEMBER_LEFT':
      return t('activityMemberLeft', { user });
    case 'MEMBER_REMOVED': {
      const member = memberName(before);
      return member ? t('activityMemberRemovedNamed', { user, member }) : t('activityMemberRemoved', { user });
    }
    case 'MEMBER_PERMISSIONS_UPDATED': {
      const member = memberName(after, before);
      // "Solo lectura" set or cleared (docs/product.md "Permissions"): said as what it is, with the
      // 'Modificar saldos' it cleared, if any, as the detail.
      if (typeof after?.soloLectura === 'boolean' && before?.soloLectura !== after.soloLectura) {
        const on = after.soloLectura;
        const head = member
          ? t(on ? 'activityViewerOnNamed' : 'activityViewerOffNamed', { user, member })
          : t(on ? 'activityViewerOn' : 'activityViewerOff', { user });
        return withDetails(head, changes(before, after, [{ key: 'canModifyBalance', label: 'activityFieldCanModify', format: yesNo }]));
      }
      return withDetails(
        member ? t('activityPermissionsUpdatedNamed', { user, member }) : t('activityPermissionsUpdated', { user }),
        changes(before, after, [{ key: 'canModifyBalance', label: 'activityFieldCanModify', format: yesNo }]),
      );
    }
    case 'LEDGER_OWNER_CHANGED': {
      // docs/product.md#socios-y-liquidacion "Former partners": the snapshot names the new owner.
      const owner = after?.owner;
      const name = owner && typeof owner === 'object' && 'user_name' in owner && typeof owner.user_name === 'string' ? owner.user_name : '';
      return t('activityOwnerChanged', { user, member: name || messages.activityAnotherMember });
    }
    case 'INVITE_REGENERATED':
      return t('activityInviteRegenerated', { user });
    case 'LEDGER_SETTINGS_UPDATED':
      // docs/product.md#socios-y-liquidacion: a change of the split rule alone says so.
      if (before?.metodo_ganancia !== undefined && before.metodo_ganancia === after?.metodo_ganancia)
        return t('activityRepartoUpdated', { user });
      // docs/product.md#profit-method-and-position.
      return t(after?.metodo_ganancia === 'costo_promedio' ? 'activityMethodCostoPromedio' : 'activityMethodPorOperacion', { user });
    case 'LIQUIDACION_CERRADA':
      return t('activityLiquidacionCerrada', { user, periodo: periodoOf(after) });
    case 'LIQUIDACION_REABIERTA':
      return t('activityLiquidacionReabierta', { user, periodo: periodoOf(before) });
    case 'CAPITAL_INICIAL_REGISTRADO':
      // Decision 0056: the registration's aportes and lowered base are one entry.
      return t('activityCapitalInicial', { user, fecha });
    default:
      return t('activityGeneric', { user, action: entry.action });
  }
}

/** "01/10/2026 – 31/10/2026" of a closed period's activity snapshot (docs/product.md#socios-y-liquidacion). */
function periodoOf(snap: Record<string, unknown> | null | undefined): string {
  const desde = typeof snap?.desde === 'string' ? snap.desde : '';
  const hasta = typeof snap?.hasta === 'string' ? snap.hasta : '';
  return desde && hasta ? `${formatDayShort(desde)} – ${formatDayShort(hasta)}` : '';
}
