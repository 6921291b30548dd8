/** The realtime events of docs/api.md#calls / docs/architecture.md#realtime, published after the change that caused them commits. */
export type LedgerEventName =
  'ledger-updated' | 'transaction-updated' | 'member-permissions-updated' | 'member-removed' | 'balance-updated';

export type LedgerEventType =
  | 'NAME_UPDATED'
  | 'SETTINGS_UPDATED'
  /** The owner handed the ledger over (docs/product.md#socios-y-liquidacion); `userId` is the new owner. */
  | 'OWNER_CHANGED'
  | 'DELETED'
  | 'CREATED'
  | 'UPDATED'
  | 'VERIFIED'
  | 'RESET'
  | 'DAILY_BALANCE_UPDATED'
  | 'BALANCE_BASE_UPDATED'
  /** docs/product.md#undo: a delete, reset or import undo was restored; one event naming its days. */
  | 'RESTORED'
  | 'MEMBER_JOINED'
  | 'MEMBER_LEFT'
  | 'MEMBER_REMOVED'
  | 'PERMISSIONS_UPDATED'
  | 'IMPORTED'
  | 'IMPORT_UNDONE'
  /** `balance-updated`: accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos). */
  | 'CUENTA_CREATED'
  | 'CUENTA_UPDATED'
  | 'CUENTA_DELETED'
  | 'MOVEMENT_CREATED'
  | 'MOVEMENT_UPDATED'
  | 'MOVEMENT_DELETED'
  | 'CUADRE_CREATED'
  /** `balance-updated`: a period closed or reopened (docs/product.md#socios-y-liquidacion). */
  | 'LIQUIDACION_CERRADA'
  | 'LIQUIDACION_REABIERTA'
  /** `balance-updated`: "Registrar capital inicial" (decision 0056). */
  | 'CAPITAL_INICIAL_REGISTRADO';

export interface LedgerEvent {
  event: LedgerEventName;
  ledgerId: string;
  type: LedgerEventType;
  fecha?: string;
  /** Every day a multi-day change touched (an import and its undo, docs/product.md#binance-import); `fecha` is the earliest. */
  fechas?: string[];
  byUserId: string | null;
  /** The member concerned (member-removed, member-permissions-updated). */
  userId?: string;
}

/** Events about a user rather than a ledger (deactivation disconnects their sockets). */
export type UserEvent =
  | { kind: 'user-deactivated' | 'user-deleted'; userId: string }
  /** An administrator changed their role or email: their sockets are told (issue 25). */
  | { kind: 'user-changed'; userId: string }
  /** Sessions ended (docs/product.md#account-security): their sockets are disconnected. */
  | { kind: 'sessions-ended'; userId: string; sessionIds: string[] }
  /** A Binance sync run of theirs ended (docs/product.md#binance-sync): their sockets re-read the link. */
  | { kind: 'binance-sync'; userId: string };

type Listener<E> = (e: E) => void;

/** In-process fan-out; the realtime plugin subscribes and forwards to Socket.IO rooms. */
export class EventBus {
  private ledgerListeners = new Set<Listener<LedgerEvent>>();
  private userListeners = new Set<Listener<UserEvent>>();

  onLedger(fn: Listener<LedgerEvent>): () => void {
    this.ledgerListeners.add(fn);
    return () => this.ledgerListeners.delete(fn);
  }

  onUser(fn: Listener<UserEvent>): () => void {
    this.userListeners.add(fn);
    return () => this.userListeners.delete(fn);
  }

  publishLedger(e: LedgerEvent): void {
    for (const fn of this.ledgerListeners) fn(e);
  }

  publishUser(e: UserEvent): void {
    for (const fn of this.userListeners) fn(e);
  }
}
