/** The answers of docs/product.md#profit-method-and-position's position and pnl routes, spoken by server and web. Money as numbers. */

/** GET /api/ledgers/:id/position. */
export interface PositionResponse {
  fecha: string;
  posicion_usd: number;
  /** 4 decimals (the figures use the carried 12-decimal average). */
  costo_promedio: number;
  realizado_ves: number;
  realizado_usd: number;
  comisiones_usd: number;
  /** null when no rate is stored and no `tasa` was given. */
  referencia: { tasa: number; fuente: 'paralelo' | 'oficial' | 'manual'; fecha: string } | null;
  no_realizado_ves: number | null;
  no_realizado_usd: number | null;
}

export interface PnlDay {
  fecha: string;
  operaciones: number;
  realizado_ves: number;
  realizado_usd: number;
  comisiones_usd: number;
  posicion_usd: number;
  costo_promedio: number;
}

export interface PnlMember {
  userId: string;
  user_name: string;
  operaciones: number;
  realizado_ves: number;
  realizado_usd: number;
  posicion_usd: number;
  costo_promedio: number;
}

/** GET /api/ledgers/:id/pnl. */
export interface PnlResponse {
  dias: PnlDay[];
  total: { operaciones: number; realizado_ves: number; realizado_usd: number; comisiones_usd: number };
  por_miembro: PnlMember[];
}
