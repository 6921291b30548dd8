import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api, ApiError } from '../lib/api-client';

/** The change to undo, as the activity log names it (docs/product.md#undo). */
export interface UndoTarget {
  ledgerId: string;
  action: 'TRANSACTION_DELETED' | 'LEDGER_DAY_RESET' | 'IMPORT_UNDONE' | 'MOVEMENT_DELETED' | 'CAPITAL_INICIAL_REGISTRADO';
  /** The deleted transaction's or movement's id; the undone import's batch id. */
  entityId?: string;
  /** The reset day; the day a capital registration was made on. */
  fecha?: string;
}

interface ActivityRow {
  id: number;
  action: string;
  entityId: string | null;
  fecha: string | null;
  restoredAt?: string | null;
  user?: { id: string } | null;
}

export function restoreActivity(ledgerId: string, activityId: number) {
  return api<{ restored: number }>(`/api/ledgers/${encodeURIComponent(ledgerId)}/activity/${activityId}/restore`, messages.restoreError, {
    method: 'POST',
  });
}

/**
 * "Deshacer" right after a delete or a reset: the change is the newest matching activity entry
 * of this user (the delete and reset answers carry no body, so the log is where it is named).
 */
async function undo(target: UndoTarget & { userId: string }): Promise<{ restored: number }> {
  const entries = await api<ActivityRow[]>(`/api/ledgers/${encodeURIComponent(target.ledgerId)}/activity?limit=20`, messages.restoreError);
  const entry = entries.find(
    (e) =>
      e.action === target.action &&
      !e.restoredAt &&
      e.user?.id === target.userId &&
      (target.entityId === undefined || e.entityId === target.entityId) &&
      (target.fecha === undefined || e.fecha === target.fecha),
  );
  if (!entry) throw new ApiError(messages.undoNotFound, 404, 'NOT_FOUND');
  return restoreActivity(target.ledgerId, entry.id);
}

/** Every screen of the ledger may show what came back (later days' figures too): reload them all. */
function useReloadAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useUndoChange() {
  const reload = useReloadAll();
  return useMutation({ mutationFn: undo, onSettled: reload });
}

export function useRestoreActivity() {
  const reload = useReloadAll();
  return useMutation({
    mutationFn: (v: { ledgerId: string; activityId: number }) => restoreActivity(v.ledgerId, v.activityId),
    onSettled: reload,
  });
}
