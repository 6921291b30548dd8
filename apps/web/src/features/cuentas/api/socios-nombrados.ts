import { useQuery } from '@tanstack/react-query';
import { latestEntryDay, messages, type LiquidacionesResponse, type MovimientoJson, type PersonRef } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { cuentasKeys } from './cuentas';

const ledgerPath = (ledgerId: string) => `/api/ledgers/${encodeURIComponent(ledgerId)}`;

/**
 * Everyone the ledger names as a partner beyond its accounts' titulars (DESIGN §28 "Former
 * partners"): the partners of its closed periods, and the socios of its movements since the last
 * one (from the suggested period's start: the day after it, or the first aporte). A retiro may
 * name any of them, members or not (isSocio, decision 0063): how a partner who left is paid out.
 * Under the page's key, so every change of the ledger reads it again. Asked only by a retiro's form.
 */
export const useSociosNombrados = (ledgerId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...cuentasKeys.all(ledgerId), 'socios-nombrados'],
    enabled,
    queryFn: async ({ signal }): Promise<PersonRef[]> => {
      const cerrados = await api<LiquidacionesResponse>(`${ledgerPath(ledgerId)}/liquidaciones`, messages.sociosLoadError, { signal });
      const q = new URLSearchParams({ desde: cerrados.sugerido.desde, hasta: latestEntryDay() });
      const movimientos = await api<MovimientoJson[]>(`${ledgerPath(ledgerId)}/movimientos?${q}`, messages.movimientosLoadError, {
        signal,
      });
      const nombrados = new Map<string, string>();
      // Oldest period first: the newest name a person had wins.
      for (const l of [...cerrados.liquidaciones].reverse()) for (const s of l.liquidacion.socios) nombrados.set(s.userId, s.user_name);
      for (const m of movimientos) if (m.miembro) nombrados.set(m.miembro.id, m.miembro.user_name);
      return [...nombrados].map(([id, user_name]) => ({ id, user_name }));
    },
  });
