import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type TransactionInput } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { balancesQueryKey } from './get-balances';
import { ledgersQueryKey } from './get-ledgers';
import type { TransactionRow } from './types';

export interface CreateTransactionVars {
  ledgerId: string;
  input: TransactionInput;
  /** The create form's preview; the server recomputes it (docs/product.md#money). */
  ganancia: number;
  /** When "Agregar" was pressed, ISO 8601 (docs/product.md#binance-import). */
  ocurridoEn: string;
  /** One per submitted form: a retried request never creates a second transaction (docs/product.md#reliability-rules). */
  idempotencyKey: string;
}

export function createTransaction({ ledgerId, input, ganancia, ocurridoEn, idempotencyKey }: CreateTransactionVars) {
  return api<{ transaction: TransactionRow }>('/api/transactions', messages.txCreateError, {
    method: 'POST',
    body: { ...input, ganancia, ledgerId, ocurrido_en: ocurridoEn },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: async (_data, { ledgerId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: balancesQueryKey(ledgerId) }),
        queryClient.invalidateQueries({ queryKey: ledgersQueryKey }),
      ]);
    },
  });
}
