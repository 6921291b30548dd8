import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type CreateLedgerInput, type Ledger } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const createLedger = (input: CreateLedgerInput) =>
  api<{ ledger: Ledger }>('/api/ledgers', messages.createLedgerError, { method: 'POST', body: input }).then((r) => r.ledger);

export function useCreateLedger() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createLedger, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }) });
}
