import {
  Big,
  FIGURE_MAX,
  IMPORT_ASSETS,
  IMPORT_FIAT,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_MAX_ROWS,
  MONEY_MAX,
  messages,
  t,
  type ImportPreviewRow,
} from '@arb/shared';
import { AppError } from '../../lib/errors.ts';
import { isHeaderCell, matchHeader, type ColumnKey, type ColumnMap } from './binance-columns.ts';
import {
  addDecimal,
  assertTimeZone,
  decimalGt,
  decimalPlain,
  decimalText,
  isCompleted,
  looksSpanishPrice,
  readDecimal,
  readOrderType,
  readWallClock,
  roundDecimal,
  zonedInstant,
  type Cell,
  type Decimal,
  type NumberForm,
} from './binance-values.ts';
import { assertZipWithinLimits } from '../uploads/zip-guard.ts';
import { isZip, readTable, type TableRecord } from './read-table.ts';

/** What a new order becomes in the ledger (docs/product.md#binance-import mapping), exact decimals as text. */
export interface ImportOrder {
  orderNumber: string;
  type: 'SELL' | 'BUY';
  quantity: string;
  price: string;
  fee: string;
  counterparty: string | null;
  /** The instant, ISO UTC. */
  occurredAt: string;
  fecha: string;
  /** The VES account of this order alone (the Binance sync's payment-method match); a file's orders have none. */
  cuentaVesId?: string | null;
}

export interface ParsedRow {
  preview: ImportPreviewRow;
  /** Set for rows that are importable (action "new" before the ledger is consulted). */
  order?: ImportOrder;
}

export interface ParseOptions {
  /** The zone the file's times are read in (IANA). */
  timezone: string;
  /** APP_TIMEZONE: the zone of the ledger's days. */
  ledgerZone: string;
}

/** How many non-blank records may precede the header (a title line, an export note). */
const HEADER_SEARCH = 10;
const ASSETS: ReadonlySet<string> = new Set(IMPORT_ASSETS);
const ZERO: Decimal = { units: 0n, dp: 0 };
const MAX: Decimal = { units: BigInt(MONEY_MAX), dp: 0 };

const cellText = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : c instanceof Date ? c.toISOString() : String(c).trim();
const isBlank = (cells: readonly Cell[]) => cells.every((c) => cellText(c) === '');

export function timezoneOrThrow(timezone: string): string {
  try {
    assertTimeZone(timezone);
    return timezone;
  } catch {
    throw new AppError('VALIDATION_ERROR', messages.importTimezoneInvalid);
  }
}

/**
 * Reads a Binance P2P order export (CSV or XLSX, English or Spanish) into preview rows in file
 * order, each "new" or "skipped" (with its reason), a repeated order "duplicate". Whether a new
 * order is already in the ledger is the caller's question. Bad files throw a Spanish 4xx.
 */
export async function parseBinanceExport(buf: Buffer, opts: ParseOptions): Promise<ParsedRow[]> {
  return readExport(buf, opts, () => {
    const rows: ParsedRow[] = [];
    return { add: (row) => rows.push(row), result: () => rows };
  });
}

export interface ParsedOrders {
  /** The importable orders in file order (each order number once). */
  orders: ImportOrder[];
  /** Rows repeated in the file. */
  duplicate: number;
  skipped: number;
}

/**
 * The same reading for a commit: only the orders and the counts are kept, so a 20,000-row file
 * does not hold 20,000 preview rows (and their records) while it is inserted (docs/benchmarks.md memory).
 */
export async function parseBinanceOrders(buf: Buffer, opts: ParseOptions): Promise<ParsedOrders> {
  return readExport(buf, opts, () => {
    const out: ParsedOrders = { orders: [], duplicate: 0, skipped: 0 };
    return {
      add: (row) => {
        if (row.order) out.orders.push(row.order);
        else if (row.preview.action === 'duplicate') out.duplicate++;
        else out.skipped++;
      },
      result: () => out,
    };
  });
}

export interface ParsedPreview {
  /** The first IMPORT_PREVIEW_MAX_ROWS rows in file order (the answer's `rows`). */
  rows: ImportPreviewRow[];
  /** Every importable order number of the file, for the ledger's duplicate check. */
  newOrders: string[];
  /** Each of `newOrders`' day (same index), for the closed periods' count over the whole file. */
  newOrderDays: string[];
  counts: { new: number; duplicate: number; skipped: number };
}

/**
 * The preview's reading (docs/product.md#upload-limits): counts over the whole file, but only the
 * first IMPORT_PREVIEW_MAX_ROWS rows kept, so neither the worker nor the answer holds 50,000 rows.
 */
export async function parseBinancePreview(buf: Buffer, opts: ParseOptions): Promise<ParsedPreview> {
  return readExport(buf, opts, () => {
    const out: ParsedPreview = { rows: [], newOrders: [], newOrderDays: [], counts: { new: 0, duplicate: 0, skipped: 0 } };
    return {
      add: (row) => {
        out.counts[row.preview.action]++;
        if (row.order) {
          out.newOrders.push(row.order.orderNumber);
          out.newOrderDays.push(row.order.fecha);
        }
        if (out.rows.length < IMPORT_PREVIEW_MAX_ROWS) out.rows.push(row.preview);
      },
      result: () => out,
    };
  });
}

interface Collector<R> {
  add(row: ParsedRow): void;
  result(): R;
}

/**
 * One streaming pass over the records: each data record is interpreted as it is read and handed
 * to a collector, so the file's records are never all held. The number form is decided once per
 * file (docs/product.md#binance-import): `;` files are Spanish; otherwise the pass reads the English form and, at the
 * first Price cell that looks Spanish, starts over in the Spanish form with a fresh collector —
 * the same decision as looking at every Price cell first, without keeping the records.
 */
async function readExport<R>(buf: Buffer, opts: ParseOptions, collector: () => Collector<R>): Promise<R> {
  timezoneOrThrow(opts.timezone);
  if (buf.length === 0) throw new AppError('IMPORT_EMPTY', messages.importEmpty);
  // An XLSX's zip is measured before any parser opens it (docs/product.md#upload-limits).
  if (isZip(buf)) await assertZipWithinLimits(buf);
  let c = collector();
  if ((await readPass(buf, opts, null, c)) === 'restart') {
    c = collector();
    await readPass(buf, opts, 'spanish', c);
  }
  return c.result();
}

/**
 * Reads the file with `forced` form (null: decide — Spanish for `;`, else English until a Price
 * cell looks Spanish, then answer 'restart').
 */
async function readPass(buf: Buffer, opts: ParseOptions, forced: NumberForm | null, sink: Collector<unknown>): Promise<'done' | 'restart'> {
  const table = readTable(buf);
  const form: NumberForm = forced ?? (table.delimiter === ';' ? 'spanish' : 'english');
  const mayRestart = forced === null && form === 'english';
  let header: { columns: ColumnMap; line: number } | null = null;
  let best: string[] | null = null;
  let seen = 0;
  let data = 0;
  const seenOrders = new Set<string>();
  const at = (rec: TableRecord, key: ColumnKey): Cell => {
    const i = header!.columns[key];
    return i === undefined ? null : (rec.cells[i] ?? null);
  };
  for await (const rec of table.records) {
    if (isBlank(rec.cells)) continue;
    if (!header) {
      const match = matchHeader(rec.cells.map(cellText));
      if (match.missing.length === 0) {
        header = { columns: match.columns, line: rec.line };
        continue;
      }
      if (!best || match.missing.length < best.length) best = match.missing;
      if (++seen >= HEADER_SEARCH) break;
      continue;
    }
    if (isHeaderCell(cellText(rec.cells[header.columns.orderNumber!]))) continue;
    if (++data > IMPORT_MAX_ROWS) throw new AppError('IMPORT_UNREADABLE', messages.importTooManyRows);
    if (mayRestart) {
      const p = at(rec, 'price');
      if (typeof p === 'string' && looksSpanishPrice(p)) return 'restart';
    }
    const row = interpret(rec, at, form, opts);
    if (row.order) {
      if (seenOrders.has(row.order.orderNumber)) {
        row.preview.action = 'duplicate';
        row.preview.reason = messages.importDuplicateInFile;
        delete row.order;
      } else seenOrders.add(row.order.orderNumber);
    }
    sink.add(row);
  }
  if (!header) {
    if (!best) throw new AppError('IMPORT_EMPTY', messages.importEmpty);
    throw new AppError('IMPORT_UNRECOGNIZED', `${messages.importUnrecognized}. ${t('importMissingColumns', { columns: best.join(', ') })}`);
  }
  if (data === 0) throw new AppError('IMPORT_EMPTY', messages.importNoOrders);
  return 'done';
}

function readOrderNumber(cell: Cell): string | null {
  if (typeof cell === 'number') return Number.isSafeInteger(cell) && cell > 0 ? String(cell) : null;
  // Spreadsheets users opened may keep a leading apostrophe or tab that forced text.
  const text = cellText(cell).replace(/^['\t]+/, '');
  return /^\d{1,40}$/.test(text) ? text : null;
}

function interpret(rec: TableRecord, at: (rec: TableRecord, key: ColumnKey) => Cell, form: NumberForm, opts: ParseOptions): ParsedRow {
  const rawOrder = at(rec, 'orderNumber');
  const orderNumber = readOrderNumber(rawOrder);
  const status = cellText(at(rec, 'status'));
  const type = readOrderType(cellText(at(rec, 'type')));
  const asset = cellText(at(rec, 'asset')).toUpperCase();
  const fiat = cellText(at(rec, 'fiat')).toUpperCase();
  const counterparty = cellText(at(rec, 'counterparty')) || null;
  const warnings: string[] = [];
  let reason: string | undefined;
  const skip = (why: string) => {
    reason ??= why;
  };

  const num = (key: ColumnKey, optional = false): Decimal | null => {
    const cell = at(rec, key);
    if (optional && cellText(cell) === '') return null;
    const value = readDecimal(cell, form);
    if (value === null || value.units < 0n) skip(t('importUnreadableNumber', { text: cellText(cell) || '—' }));
    return value;
  };

  if (orderNumber === null)
    skip(cellText(rawOrder) === '' ? messages.importMissingOrderNumber : t('importOrderNumberUnreadable', { text: cellText(rawOrder) }));
  if (!isCompleted(status)) skip(t('importStatus', { status: status || '—' }));
  if (type === null) skip(t('importUnknownType', { text: cellText(at(rec, 'type')) || '—' }));
  if (!ASSETS.has(asset)) skip(t('importAssetNotSupported', { text: asset || '—' }));
  if (fiat !== IMPORT_FIAT) skip(t('importFiatNotSupported', { text: fiat || '—' }));

  const priceRaw = num('price');
  const quantityRaw = num('quantity');
  const totalRaw = num('total');
  const maker = num('makerFee', true);
  const taker = num('takerFee', true);

  const price = priceRaw && roundDecimal(priceRaw, 4);
  const quantity = quantityRaw && roundDecimal(quantityRaw, 2);
  const fee = roundDecimal(addDecimal(maker ?? ZERO, taker ?? ZERO), 8);
  if (quantity?.changed) warnings.push(messages.importQuantityRounded);
  if (price?.changed) warnings.push(messages.importPriceRounded);
  if (fee.changed) warnings.push(messages.importFeeRounded);
  if (price && quantity && (price.value.units <= 0n || quantity.value.units <= 0n)) skip(messages.importNotPositive);
  for (const v of [price, quantity]) if (v && decimalGt(v.value, MAX)) skip(t('importValueTooLarge', { text: decimalPlain(v.value) }));
  // Every figure of a row stays within FIGURE_MAX, as a typed one must (docs/decisions/0033-trust-first-security.md):
  // an order's Bs side is price × quantity, and its profit in either currency is bounded by its sides.
  if (price && quantity && new Big(decimalText(price.value)).times(decimalText(quantity.value)).gt(FIGURE_MAX)) skip(messages.txTooLarge);

  const timeCell = at(rec, 'time');
  const wc = readWallClock(timeCell);
  const when = wc && zonedInstant(wc, opts.timezone, opts.ledgerZone);
  if (!when) skip(t('importUnreadableDate', { text: cellText(timeCell) || '—' }));

  const preview: ImportPreviewRow = {
    line: rec.line,
    orderNumber: orderNumber ?? cellText(rawOrder),
    type,
    asset,
    fiat,
    price: price ? Number(decimalText(price.value)) : null,
    quantity: quantity ? Number(decimalText(quantity.value)) : null,
    total: totalRaw ? Number(decimalText(roundDecimal(totalRaw, 2).value)) : null,
    fee: reason === undefined || (maker ?? taker) ? Number(decimalText(fee.value)) : null,
    counterparty,
    status,
    createdAt: when ? when.iso : null,
    fecha: when ? when.fecha : null,
    action: reason === undefined ? 'new' : 'skipped',
    warnings,
  };
  if (reason !== undefined) return { preview: { ...preview, reason } };
  return {
    preview,
    order: {
      orderNumber: orderNumber!,
      type: type!,
      quantity: decimalText(quantity!.value),
      price: decimalText(price!.value),
      fee: decimalText(fee.value),
      counterparty,
      occurredAt: when!.utc,
      fecha: when!.fecha,
    },
  };
}
