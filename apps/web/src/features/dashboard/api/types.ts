/** API shapes the dashboard reads (DESIGN §3, SPEC §3). Money arrives as plain rounded numbers. */

export interface UserRef {
  id: string;
  user_name: string;
  email: string;
}

export interface LedgerMember {
  userId: string;
  canModifyBalance: boolean;
  user: UserRef;
}

export interface Ledger {
  id: string;
  name: string;
  ownerId: string;
  owner: UserRef;
  /** Only the owner receives it; null for the other members. */
  inviteCode: string | null;
  members: LedgerMember[];
  _count: { transactions: number };
  createdAt?: string;
}

/** resumen.* values are wrapped: `{ valor }` (SPEC §3). */
export interface Valor {
  valor: number;
}

export interface TransactionRow {
  id: string;
  venta: number;
  tasa_venta: number;
  compra: number;
  tasa_compra: number;
  notas: string | null;
  esta_verificada: boolean;
  ganancia_transaccion_ves: number;
  ganancia_transaccion_usd: number;
  ganancia_acumulada_ves_hasta_esta_transaccion: number;
  ganancia_acumulada_usd_hasta_esta_transaccion: number;
  fecha: string;
  version: number;
  /** null when the author's account was deleted. */
  createdBy: { id: string; user_name: string } | null;
}

export interface Balances {
  resumen: {
    saldo_disponible_ves: Valor;
    saldo_disponible_usd: Valor;
    venta_total: Valor;
    compra_total: Valor;
    ganancia_total_ves: Valor;
    ganancia_total_usd: Valor;
  };
  promedios: { tasa_venta_promedio: number; tasa_compra_promedio: number };
  saldos_base: { saldo_base_ves: number; saldo_base_usd: number; heredado: boolean };
  /** The available balances counting only verified transactions. */
  saldos_actuales: { saldo_ves_actual: number; saldo_usd_actual: number };
  transacciones_con_acumulados: TransactionRow[];
}
