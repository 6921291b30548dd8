/**
 * The columns of a Binance P2P order export and the header names each goes by (docs/product.md#binance-import),
 * matched case- and accent-insensitively.
 */
export type ColumnKey =
  'orderNumber' | 'type' | 'asset' | 'fiat' | 'total' | 'price' | 'quantity' | 'makerFee' | 'takerFee' | 'counterparty' | 'status' | 'time';

const ALIASES: Record<ColumnKey, readonly string[]> = {
  orderNumber: ['Order Number', 'Número de pedido', 'Número de orden'],
  type: ['Order Type', 'Tipo de orden'],
  asset: ['Asset Type', 'Asset', 'Activo', 'Tipo de activo'],
  fiat: ['Fiat Type', 'Fiat', 'Tipo de fiat'],
  total: ['Total Price', 'Precio total'],
  price: ['Price', 'Precio'],
  quantity: ['Quantity', 'Cantidad'],
  makerFee: ['Maker Fee', 'Tarifa de creador', 'Comisión de creador'],
  takerFee: ['Taker Fee', 'Tarifa de tomador', 'Comisión de tomador'],
  counterparty: ['Couterparty', 'Counterparty', 'Contraparte'],
  status: ['Status', 'Estado'],
  time: ['Created Time', 'Hora de creación', 'Fecha de creación'],
};

const OPTIONAL: ReadonlySet<ColumnKey> = new Set(['makerFee', 'takerFee', 'counterparty']);
const REQUIRED = (Object.keys(ALIASES) as ColumnKey[]).filter((k) => !OPTIONAL.has(k));

/** Lower case, no accents, single spaces, trimmed: "  Número de  Pedido " → "numero de pedido". */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_NAME = new Map<string, ColumnKey>();
for (const [key, names] of Object.entries(ALIASES) as [ColumnKey, readonly string[]][]) {
  for (const name of names) BY_NAME.set(normalizeHeader(name), key);
}

export type ColumnMap = Partial<Record<ColumnKey, number>>;

export interface HeaderMatch {
  columns: ColumnMap;
  /** Required columns the header lacks, by their English and Spanish names. */
  missing: string[];
}

/** Which cell of a record holds which column; extra columns (exchange rate, fee rates) are ignored. */
export function matchHeader(cells: readonly string[]): HeaderMatch {
  const columns: ColumnMap = {};
  cells.forEach((cell, i) => {
    const key = BY_NAME.get(normalizeHeader(cell));
    if (key && columns[key] === undefined) columns[key] = i;
  });
  const missing = REQUIRED.filter((k) => columns[k] === undefined).map((k) => `${ALIASES[k][0]} / ${ALIASES[k].at(-1)}`);
  return { columns, missing };
}

/** A header line repeated inside the data (exports glued together): its order-number cell is a header name. */
export function isHeaderCell(text: string): boolean {
  return BY_NAME.get(normalizeHeader(text)) === 'orderNumber';
}
