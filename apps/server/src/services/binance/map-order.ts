import { Big, FIGURE_MAX, IMPORT_ASSETS, IMPORT_FIAT, IMPORT_MAX_CELL_CHARS, MONEY_MAX, nombreClave, todayKey } from '@arb/shared';
import type { ImportOrder } from '../imports/parse-binance.ts';
import { addDecimal, decimalGt, decimalText, readDecimal, roundDecimal, type Decimal } from '../imports/binance-values.ts';

/**
 * One order of Binance's C2C history (`/sapi/v1/c2c/orderMatch/listUserOrderHistory`) as the
 * file import's order (DESIGN §23 mapping = §12 mapping): the SAME key (`orderNumber` →
 * `referencia`, origen binance_p2p), so a file and the sync never duplicate one order.
 * Numbers arrive as decimal strings ("36.50000000") and are read exactly, never as floats.
 */
export interface BinanceApiOrder {
  orderNumber?: unknown;
  tradeType?: unknown;
  asset?: unknown;
  fiat?: unknown;
  amount?: unknown;
  unitPrice?: unknown;
  totalPrice?: unknown;
  orderStatus?: unknown;
  createTime?: unknown;
  commission?: unknown;
  takerCommission?: unknown;
  counterPartNickName?: unknown;
  payMethodName?: unknown;
}

/** The fields an order is read from: only these are bounded (Binance may add others). */
const READ_FIELDS: readonly (keyof BinanceApiOrder)[] = [
  'orderNumber',
  'tradeType',
  'asset',
  'fiat',
  'amount',
  'unitPrice',
  'totalPrice',
  'orderStatus',
  'createTime',
  'commission',
  'takerCommission',
  'counterPartNickName',
  'payMethodName',
];

/**
 * Why a page of the history is not to be trusted, or null (docs/decisions/0058): more rows than
 * asked, a row that is not an object, or a field we read longer than a file's cell may be (1,000
 * characters, docs/product.md#upload-limits). Such a page fails its window like an unreadable
 * answer, so the cursor stays before it and nothing of it is committed as if it were whole.
 */
export function untrustedPage(rows: readonly unknown[], asked: number): string | null {
  if (rows.length > asked) return `page of ${rows.length} rows, ${asked} asked`;
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return 'a row is not an object';
    for (const f of READ_FIELDS) {
      const v = (row as Record<string, unknown>)[f];
      if (typeof v === 'string' ? v.length > IMPORT_MAX_CELL_CHARS : v !== undefined && v !== null && typeof v === 'object')
        return `field ${f} out of bounds`;
    }
  }
  return null;
}

/** A sync's order: the import's, with the VES account its payment method chose. */
export interface SyncOrder extends ImportOrder {
  cuentaVesId: string | null;
}

export type MappedOrder =
  | { kind: 'order'; order: SyncOrder }
  /** Not final yet: the cursor must not pass it (DESIGN §28). */
  | { kind: 'pending'; createTime: number }
  | { kind: 'skipped'; reason: string };

/** Statuses that may still become COMPLETED (DESIGN §28). */
const NON_FINAL: ReadonlySet<string> = new Set(['PENDING', 'TRADING', 'BUYER_PAYED', 'DISTRIBUTING', 'IN_APPEAL']);
const ASSETS: ReadonlySet<string> = new Set(IMPORT_ASSETS);
const ZERO: Decimal = { units: 0n, dp: 0 };
const MAX: Decimal = { units: BigInt(MONEY_MAX), dp: 0 };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const decimal = (v: unknown): Decimal | null => {
  const s = text(v);
  return /^\d{1,20}(\.\d{1,20})?$/.test(s) ? readDecimal(s, 'english') : null;
};

/**
 * The VES account of an order: the ledger's active VES accounts held by the link's user whose
 * `metodos_binance` name the order's `payMethodName` (case-, accent- and space-insensitive, DESIGN §28);
 * exactly one match wins, none or several fall back to the link's `cuenta_ves_id`.
 */
export interface PayMethodAccount {
  id: string;
  metodos: readonly string[];
}

/** Case, accents and spaces do not count: "Pago Móvil" names Binance's "PagoMovil" (docs/decisions/0047). */
const methodKey = (name: string) => nombreClave(name).replace(/\s+/gu, '');

export function payMethodMatcher(accounts: readonly PayMethodAccount[], fallback: string | null): (payMethod: string) => string | null {
  const byMethod = new Map<string, Set<string>>();
  for (const a of accounts)
    for (const m of a.metodos) {
      const key = methodKey(m);
      byMethod.set(key, (byMethod.get(key) ?? new Set()).add(a.id));
    }
  return (payMethod) => {
    const ids = byMethod.get(methodKey(payMethod));
    return ids && ids.size === 1 ? [...ids][0]! : fallback;
  };
}

export function mapBinanceOrder(o: BinanceApiOrder, ledgerZone: string, accountFor: (payMethod: string) => string | null): MappedOrder {
  const status = text(o.orderStatus).toUpperCase();
  const createTime = typeof o.createTime === 'number' && Number.isSafeInteger(o.createTime) ? o.createTime : Number(text(o.createTime));
  if (NON_FINAL.has(status) && Number.isFinite(createTime)) return { kind: 'pending', createTime };
  if (status !== 'COMPLETED') return { kind: 'skipped', reason: `Estado: ${status || '—'}` };
  // 20 digits do not fit a double: only a string (or a safe integer) is taken as the order number.
  const orderNumber =
    typeof o.orderNumber === 'string'
      ? o.orderNumber.trim()
      : typeof o.orderNumber === 'number' && Number.isSafeInteger(o.orderNumber)
        ? String(o.orderNumber)
        : '';
  if (!/^\d{1,40}$/.test(orderNumber)) return { kind: 'skipped', reason: 'Número de orden ilegible' };
  const type = text(o.tradeType).toUpperCase();
  if (type !== 'BUY' && type !== 'SELL') return { kind: 'skipped', reason: `Tipo desconocido: ${type || '—'}` };
  const asset = text(o.asset).toUpperCase();
  if (!ASSETS.has(asset)) return { kind: 'skipped', reason: `Activo no admitido: ${asset || '—'}` };
  const fiat = text(o.fiat).toUpperCase();
  if (fiat !== IMPORT_FIAT) return { kind: 'skipped', reason: `Moneda no admitida: ${fiat || '—'}` };
  if (!Number.isSafeInteger(createTime) || createTime <= 0) return { kind: 'skipped', reason: 'Fecha ilegible' };

  const amount = decimal(o.amount);
  const unitPrice = decimal(o.unitPrice);
  if (!amount || !unitPrice) return { kind: 'skipped', reason: 'Número ilegible' };
  const quantity = roundDecimal(amount, 2).value;
  const price = roundDecimal(unitPrice, 4).value;
  if (quantity.units <= 0n || price.units <= 0n) return { kind: 'skipped', reason: 'Cantidad o precio no positivos' };
  if (decimalGt(quantity, MAX) || decimalGt(price, MAX) || new Big(decimalText(price)).times(decimalText(quantity)).gt(FIGURE_MAX))
    return { kind: 'skipped', reason: 'Monto demasiado grande' };
  // The fee is the order's commission plus the taker's when Binance gives one (DESIGN §23).
  const commission = decimal(o.commission) ?? ZERO;
  const taker = decimal(o.takerCommission) ?? ZERO;
  const fee = roundDecimal(addDecimal(commission, taker), 8).value;

  const when = new Date(createTime);
  const counterparty = text(o.counterPartNickName).slice(0, 200) || null;
  return {
    kind: 'order',
    order: {
      orderNumber,
      type,
      quantity: decimalText(quantity),
      price: decimalText(price),
      fee: decimalText(fee),
      counterparty,
      occurredAt: when.toISOString(),
      fecha: todayKey(ledgerZone, when),
      cuentaVesId: accountFor(text(o.payMethodName)),
    },
  };
}
