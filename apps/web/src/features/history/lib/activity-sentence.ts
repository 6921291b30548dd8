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
import { operacionesTexto } from '../../../shared/lib/operaciones-texto';
import type { ActivityEntry } from '../api/types';
import { ht, type HistoryTextKey } from '../history-texts';

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
  label: MessageKey | { text: string };
  format: Format;
}
const labelOf = (f: Field): string => (typeof f.label === 'string' ? messages[f.label] : f.label.text);

/**
 * What the log knows beside the snapshots: the ledger's accounts (name and currency) and members,
 * so a movement or a cuadre says "desde Mercantil Bs" and "socio Beto" instead of an id. Either may
 * be missing (still loading, or a deleted account): the sentence then leaves that detail out.
 */
export interface ActivityNames {
  cuentas?: ReadonlyMap<string, { nombre: string; moneda: 'VES' | 'USD' }>;
  miembros?: ReadonlyMap<string, string>;
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
    .map((f) => `${labelOf(f)} ${f.format(before[f.key])} → ${f.format(after[f.key])}`);
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
    .map((f) => `${labelOf(f)} ${f.format(values[f.key])}`);
  if (metodo === 'por_operacion' && num(values.ganancia_usd) !== null) {
    parts.push(`${messages.activityFieldGanancia} ${usd(values.ganancia_usd)}`);
  }
  return parts;
}

/** An account id as its name ("Sin asignar" for none); undefined when the log cannot name it. */
function cuentaName(id: unknown, names: ActivityNames): string | undefined {
  if (id === null || id === undefined || id === '') return messages.sinAsignar;
  if (typeof id !== 'string') return undefined;
  return names.cuentas?.get(id)?.nombre;
}
const cuentaField = (key: string, label: string, names: ActivityNames): Field => ({
  key,
  label: { text: label },
  format: (v) => cuentaName(v, names) ?? ht('activityCuentaDesconocida'),
});

/** A transaction edit's fields: what was typed, and the accounts it moved between (DESIGN §20). */
const txEditFields = (names: ActivityNames): Field[] => [
  ...TX_FIELDS,
  cuentaField('cuenta_ves_id', ht('activityFieldCuentaVes'), names),
  cuentaField('cuenta_usd_id', ht('activityFieldCuentaUsd'), names),
];

const moneyIn = (moneda: unknown): Format => (moneda === 'USD' ? usd : bs);
const TIPOS_MOV = ['transferencia', 'aporte', 'retiro', 'ajuste'] as const;
type TipoMov = (typeof TIPOS_MOV)[number];
const tipoMov = (v: unknown): TipoMov | null => ((TIPOS_MOV as readonly unknown[]).includes(v) ? (v as TipoMov) : null);

/** "una transferencia de 20.000,00 Bs.S" from a movement's snapshot (its numbers are exact text). */
function movementName(m: Values): string {
  const tipo = tipoMov(m?.tipo) ?? 'ajuste';
  const monto = num(m?.monto);
  return monto === null
    ? ht(`activityMovNoAmount_${tipo}` as HistoryTextKey)
    : ht(`activityMov_${tipo}` as HistoryTextKey, { monto: moneyIn(m?.moneda)(monto) });
}

/** "desde Mercantil Bs, hacia Banesco Bs, comisión 12,50 Bs.S": where a movement's money went, and who it belongs to. */
function movementDetails(m: Values, names: ActivityNames): string[] {
  if (!m) return [];
  const tipo = tipoMov(m.tipo);
  const parts: string[] = [];
  const side = (key: 'cuenta_origen_id' | 'cuenta_destino_id', label: HistoryTextKey) => {
    // A transfer names both ends (one may be Sin asignar); the other kinds only the account they touch.
    if (tipo !== 'transferencia' && (m[key] === null || m[key] === undefined)) return;
    // An account the loaded list lacks (deleted) is "otra cuenta"; before the list loads, nothing is said.
    const name = cuentaName(m[key], names) ?? (names.cuentas ? ht('activityCuentaDesconocida') : undefined);
    if (name) parts.push(`${ht(label)} ${name}`);
  };
  if ((tipo === 'aporte' || tipo === 'retiro') && typeof m.miembro_id === 'string') {
    parts.push(`${ht('activityFieldSocio')} ${names.miembros?.get(m.miembro_id) ?? ht('activitySocioDesconocido')}`);
  }
  side('cuenta_origen_id', 'activityFieldDesde');
  side('cuenta_destino_id', 'activityFieldHacia');
  if (tipo === 'transferencia' && (num(m.comision) ?? 0) > 0) parts.push(`${ht('activityFieldComision')} ${moneyIn(m.moneda)(m.comision)}`);
  if (m.moneda === 'VES' && num(m.tasa) !== null && (tipo === 'aporte' || tipo === 'retiro'))
    parts.push(`${ht('activityFieldTasa')} ${rate(m.tasa)}`);
  if (typeof m.notas === 'string' && m.notas !== '') parts.push(text(m.notas));
  return parts;
}

/** A movement edit: the changed fields, its amounts in its currency and its accounts by name. */
const movementEditFields = (names: ActivityNames, moneda: unknown): Field[] => [
  { key: 'fecha', label: 'activityFieldFecha', format: day },
  { key: 'monto', label: { text: ht('activityFieldMonto') }, format: moneyIn(moneda) },
  { key: 'comision', label: { text: ht('activityFieldComision') }, format: moneyIn(moneda) },
  cuentaField('cuenta_origen_id', ht('activityFieldDesde'), names),
  cuentaField('cuenta_destino_id', ht('activityFieldHacia'), names),
  { key: 'tasa', label: { text: ht('activityFieldTasa') }, format: rate },
  { key: 'notas', label: 'activityFieldNotas', format: text },
];

const cuentaTitle = (c: Values): string => text(c?.nombre);
const monedaText = (v: unknown): string => (v === 'USD' ? 'USD' : v === 'VES' ? 'Bs.S' : messages.activityEmptyValue);
const tipoCuentaText = (v: unknown): string =>
  typeof v === 'string' && `tipoCuenta_${v}` in messages ? messages[`tipoCuenta_${v}` as MessageKey] : messages.activityEmptyValue;
const cuentaEditFields = (names: ActivityNames): Field[] => [
  { key: 'nombre', label: 'activityFieldName', format: text },
  { key: 'tipo', label: { text: ht('activityFieldTipo') }, format: tipoCuentaText },
  { key: 'moneda', label: { text: ht('activityFieldMoneda') }, format: monedaText },
  {
    key: 'titular_id',
    label: { text: ht('activityFieldTitular') },
    format: (v) => (typeof v === 'string' ? (names.miembros?.get(v) ?? ht('activitySocioDesconocido')) : messages.activityEmptyValue),
  },
];

/** "Ana cuadró la cuenta «Banesco Bs» al 27/11/2026: saldo real 51.580,75 Bs.S, diferencia -19,25 Bs.S". */
function cuadreSentence(user: string, fecha: string, c: Values, names: ActivityNames): string {
  const cuenta = typeof c?.cuenta_id === 'string' ? names.cuentas?.get(c.cuenta_id) : undefined;
  // Without the account's currency the figures are plain numbers, never a guessed currency.
  const money: Format = cuenta ? moneyIn(cuenta.moneda) : amount;
  const head = cuenta ? ht('activityCuadre', { user, cuenta: `«${cuenta.nombre}»`, fecha }) : ht('activityCuadreUnnamed', { user, fecha });
  return withDetails(head, [
    `${ht('activityFieldSaldoReal')} ${money(c?.saldo_real)}`,
    `${ht('activityFieldDiferencia')} ${money(c?.diferencia)}`,
  ]);
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
export function activitySentence(entry: ActivityEntry, metodo: MetodoGanancia, names: ActivityNames = {}): string {
  const user = actorName(entry);
  const { before, after } = entry;
  const fechaOf = (v: Values) => (v && isDayKey(v.fecha) ? v.fecha : null);
  const fecha = day(fechaOf(before) ?? entry.fecha ?? fechaOf(after));
  switch (entry.action) {
    case 'TRANSACTION_CREATED':
      return withDetails(t('activityTxCreated', { user, fecha }), snapshot(after, metodo));
    case 'TRANSACTION_UPDATED':
      return withDetails(t('activityTxUpdated', { user, fecha }), changes(before, after, txEditFields(names)));
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
      return t('activityImported', { user, n: operacionesTexto(typeof after?.created === 'number' ? after.created : 0) });
    case 'IMPORT_UNDONE':
      return t('activityImportUndone', { user, n: operacionesTexto(typeof after?.removed === 'number' ? after.removed : 0) });
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
    // Accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos).
    case 'MOVEMENT_CREATED':
      return withDetails(ht('activityMovCreated', { user, mov: movementName(after), fecha }), movementDetails(after, names));
    case 'MOVEMENT_UPDATED':
      return withDetails(
        ht('activityMovUpdated', { user, mov: movementName(after), fecha }),
        changes(before, after, movementEditFields(names, after?.moneda)),
      );
    case 'MOVEMENT_DELETED':
      return withDetails(ht('activityMovDeleted', { user, mov: movementName(before), fecha }), movementDetails(before, names));
    case 'CUENTA_CREATED': {
      const titular = typeof after?.titular_id === 'string' ? names.miembros?.get(after.titular_id) : undefined;
      return withDetails(
        ht('activityCuentaCreated', { user, cuenta: cuentaTitle(after) }),
        titular ? [`${ht('activityFieldTitular')} ${titular}`] : [],
      );
    }
    case 'CUENTA_UPDATED':
      if (before?.archivada !== after?.archivada && typeof after?.archivada === 'boolean')
        return ht(after.archivada ? 'activityCuentaArchived' : 'activityCuentaUnarchived', { user, cuenta: cuentaTitle(after) });
      return withDetails(
        ht('activityCuentaUpdated', { user, cuenta: cuentaTitle(before ?? after) }),
        changes(before, after, cuentaEditFields(names)),
      );
    case 'CUENTA_DELETED':
      return ht('activityCuentaDeleted', { user, cuenta: cuentaTitle(before) });
    case 'CUADRE_CREATED':
      return cuadreSentence(user, fecha, after, names);
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
