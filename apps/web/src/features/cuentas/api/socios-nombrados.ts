import { useQuery } from '@tanstack/react-query';
import { messages, type SociosResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { cuentasKeys } from './cuentas';

/**
 * Everyone a retiro may name (DESIGN §28 "Former partners", docs/api.md#socios): the members, then
 * whoever left but is still named by the ledger (`ex_miembro`) — the server's list, computed from
 * the rule it checks a retiro with (isSocio), so the form offers exactly whom the server accepts.
 * Under the page's key, so every change of the ledger reads it again. Asked only by a retiro's form.
 */
export const useSociosNombrados = (ledgerId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...cuentasKeys.all(ledgerId), 'socios'],
    enabled,
    queryFn: async ({ signal }) =>
      (await api<SociosResponse>(`/api/ledgers/${encodeURIComponent(ledgerId)}/socios`, messages.sociosLoadError, { signal })).socios,
  });
