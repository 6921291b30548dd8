/**
 * The Binance P2P import's answers (docs/product.md#binance-import), shared by the server that builds them and the web
 * dialog that shows them. Amounts are JSON numbers already rounded to their column's scale, as in
 * every other answer; the order number is text end to end (20 digits do not fit a double).
 */
export type ImportAction = 'new' | 'duplicate' | 'skipped';
export type ImportOrderType = 'SELL' | 'BUY';

export interface ImportPreviewRow {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  orderNumber: string;
  type: ImportOrderType | null;
  asset: string;
  fiat: string;
  price: number | null;
  quantity: number | null;
  total: number | null;
  fee: number | null;
  counterparty: string | null;
  status: string;
  /** ISO 8601 with the chosen zone's offset, or null when the time was unreadable. */
  createdAt: string | null;
  /** The ledger day (APP_TIMEZONE) of createdAt. */
  fecha: string | null;
  action: ImportAction;
  reason?: string;
  warnings: string[];
}

export interface ImportCounts {
  new: number;
  duplicate: number;
  skipped: number;
}

export interface ImportPreview {
  format: 'binance-p2p';
  timezone: string;
  rows: ImportPreviewRow[];
  counts: ImportCounts;
}

export interface ImportBatchResult {
  batch: { id: string; created: number; duplicate: number; skipped: number; fechas: string[] };
}

export interface ImportBatchListItem {
  id: string;
  createdAt: string;
  fileName: string;
  created: number;
  user: { id: string; user_name: string } | null;
  undone: boolean;
}

/** The zones the web offers (docs/product.md#binance-import: Caracas / UTC); the API takes any IANA name. */
export const IMPORT_ZONES = ['America/Caracas', 'UTC'] as const;
