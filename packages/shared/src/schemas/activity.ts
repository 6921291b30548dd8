/**
 * The answer of GET /api/ledgers/:id/activity (docs/api.md), typed once for the server that sends
 * it and the web that reads it (issue 16: the web had its own copy expecting fields never sent).
 */

/** One entry of a ledger's activity log, newest first. */
export interface ActivityEntry {
  id: number;
  action: string;
  entityId: string | null;
  /** The day the change concerns (YYYY-MM-DD); null for changes not tied to a day. */
  fecha: string | null;
  /** Full snapshots of the row before and after the change (docs/architecture.md, ledgerChange). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
  /** When the change was undone (docs/product.md#undo restore); null while it stands. */
  restoredAt: string | null;
  /** Who did it; null once their account was deleted (shown as messages.deletedUser). */
  user: { id: string; user_name: string } | null;
}
