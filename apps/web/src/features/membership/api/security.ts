import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type SessionInfo, type TwoFactorEnableResponse, type TwoFactorSetupResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** docs/product.md#account-security calls of the "Seguridad" card. */
const sessionsKey = ['auth', 'sessions'] as const;

export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: () => api<SessionInfo[]>('/api/auth/sessions', messages.sessionsLoadError) });

export function useCloseSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/auth/sessions/${id}`, messages.sessionsCloseError, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useCloseOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/logout-all', messages.sessionsCloseError, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const setupTwoFactor = (password: string) =>
  api<TwoFactorSetupResponse>('/api/auth/2fa/setup', messages.twoFactorError, { method: 'POST', body: { password } });
export const enableTwoFactor = (password: string, code: string) =>
  api<TwoFactorEnableResponse>('/api/auth/2fa/enable', messages.twoFactorError, { method: 'POST', body: { password, code } });
export const disableTwoFactor = (password: string, code: string) =>
  api('/api/auth/2fa/disable', messages.twoFactorError, { method: 'POST', body: { password, code } });
