import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { offlineQueue, setOfflineSender, startOfflineSync } from '../../../shared/offline/offline';
import { ApiError } from '../../../shared/lib/api-client';
import type { QueuedOp } from '../../../shared/offline/queue';
import { createTransaction } from '../api/create-transaction';
import { balancesQueryKey } from '../api/get-balances';
import { ledgersQueryKey } from '../api/get-ledgers';
import { toggleVerify } from '../api/toggle-verify';
import { showDashboardFlash } from '../lib/dashboard-flash';

/** A request that got no HTTP answer at all (offline, refused, time-out): docs/product.md#working-offline queues it. */
export function isNoAnswer(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/**
 * Sends one queued item. A create is marked as queued (X-Offline-Queue): an account archived while
 * it waited puts that side in Sin asignar, and the server's notice is shown on the dashboard
 * (DESIGN §28 "Accounts that come back").
 */
export async function sendQueued(op: QueuedOp): Promise<void> {
  if (op.kind === 'create') {
    const answer = await createTransaction(op, true);
    if (answer.avisos?.length) showDashboardFlash(answer.avisos.join(' '));
  } else await toggleVerify(op);
}

/**
 * Sends this user's offline queue (docs/product.md#working-offline) with the dashboard's own requests, and reloads the
 * ledger's figures after each item goes through. Mounted once by the dashboard page.
 */
export function useOfflineSync(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    setOfflineSender(sendQueued, (op) => {
      void queryClient.invalidateQueries({ queryKey: balancesQueryKey(op.ledgerId) });
      if (op.kind === 'create') void queryClient.invalidateQueries({ queryKey: ledgersQueryKey });
    });
    if (!userId) return;
    return startOfflineSync(userId);
  }, [userId, queryClient]);
}

/** Queue an operation and try the queue at once (it goes now if the connection is there). */
export async function enqueue(...args: Parameters<typeof offlineQueue.add>): Promise<void> {
  await offlineQueue.add(...args);
  if (navigator.onLine) void offlineQueue.flush();
}

/** A new operation queues when offline or behind others still waiting: the order is kept. */
export function mustQueue(): boolean {
  return offlineQueue.user !== null && (!navigator.onLine || offlineQueue.hasPending());
}
