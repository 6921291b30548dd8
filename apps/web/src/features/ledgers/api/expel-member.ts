import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export const expelMember = ({ ledgerId, userId }: { ledgerId: string; userId: string }) =>
  api<void>(`/api/ledgers/${ledgerId}/members/${userId}`, messages.expelError, { method: 'DELETE' });

export function useExpelMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: expelMember, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.list() }) });
}
