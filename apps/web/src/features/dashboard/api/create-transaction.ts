import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type TransactionInput } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import { ledgersQueryKey } from './get-ledgers';
import type { TransactionRow } from './types';

/** A create's body fields: the amounts, and its accounts where the ledger has some (null = Sin asignar). */
export type CreateInput = TransactionInput & { cuenta_ves_id?: string | null; cuenta_usd_id?: string | null };

export interface CreateTransactionVars {
  ledgerId: string;
  input: CreateInput;
  /** The create form's preview; the server recomputes it (docs/product.md#money). */
  ganancia: number;
  /** When "Agregar" was pressed, ISO 8601 (docs/product.md#binance-import). */
  ocurridoEn: string;
  /** One per submitted form: a retried request never creates a second transaction (docs/product.md#reliability-rules). */
  idempotencyKey: string;
}

/**
 * `queued`: sent by the offline queue (header X-Offline-Queue): an account archived while it waited
 * sends that side to Sin asignar, and the answer's `avisos` say so (DESIGN §28 "Accounts that come back").
 */
export function createTransaction({ ledgerId, input, ganancia, ocurridoEn, idempotencyKey }: CreateTransactionVars, queued = false) {
  return api<{ transaction: TransactionRow; avisos?: string[] }>('/api/transactions', messages.txCreateError, {
    method: 'POST',
    body: { ...input, ganancia, ledgerId, ocurrido_en: ocurridoEn },
    headers: queued ? { 'Idempotency-Key': idempotencyKey, 'X-Offline-Queue': '1' } : { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: CreateTransactionVars) => createTransaction(vars),
    onSuccess: async (_data, { ledgerId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
        queryClient.invalidateQueries({ queryKey: ledgersQueryKey }),
      ]);
    },
  });
}
