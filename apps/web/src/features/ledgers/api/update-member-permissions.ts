import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type LedgerMember } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { ledgerKeys } from './keys';

export interface PermissionsInput {
  ledgerId: string;
  userId: string;
  /** Either flag; a viewer ("Solo lectura") cannot also have 'Modificar saldos' (the server clears it). */
  canModifyBalance?: boolean;
  soloLectura?: boolean;
}

export const updateMemberPermissions = ({ ledgerId, userId, ...body }: PermissionsInput) =>
  api<{ member: LedgerMember }>(`/api/ledgers/${ledgerId}/members/${userId}/permissions`, messages.permissionsError, {
    method: 'PATCH',
    body,
  }).then((r) => r.member);

export function useUpdateMemberPermissions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateMemberPermissions, onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.list() }) });
}
