import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messages,
  type CapitalInicialApertura,
  type CapitalInicialInput,
  type Ledger,
  type LiquidacionCerrada,
  type LiquidacionesResponse,
  type LiquidacionResponse,
  type MovimientoJson,
  type Reparto,
} from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** docs/api.md#socios: the Socios page's reads and writes. */
const ledgerPath = (ledgerId: string) => `/api/ledgers/${encodeURIComponent(ledgerId)}`;

export const sociosKeys = {
  all: (ledgerId: string) => ['socios', ledgerId] as const,
  cerradas: (ledgerId: string) => ['socios', ledgerId, 'liquidaciones'] as const,
  preview: (ledgerId: string, desde: string, hasta: string, tasa: string) => ['socios', ledgerId, 'preview', desde, hasta, tasa] as const,
};

export const useLiquidaciones = (ledgerId: string) =>
  useQuery({
    queryKey: sociosKeys.cerradas(ledgerId),
    queryFn: ({ signal }) => api<LiquidacionesResponse>(`${ledgerPath(ledgerId)}/liquidaciones`, messages.sociosLoadError, { signal }),
  });

/** The preview of a period; `tasaFinal` is the typed rate as the API reads it ("" = the stored rate of the day). */
export const useLiquidacionPreview = (ledgerId: string, desde: string, hasta: string, tasaFinal: string) =>
  useQuery({
    queryKey: sociosKeys.preview(ledgerId, desde, hasta, tasaFinal),
    enabled: desde !== '' && hasta !== '' && desde <= hasta,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      api<LiquidacionResponse>(
        `${ledgerPath(ledgerId)}/liquidacion?desde=${desde}&hasta=${hasta}${tasaFinal ? `&tasa_final=${encodeURIComponent(tasaFinal)}` : ''}`,
        messages.sociosLoadError,
        { signal },
      ),
  });

function useSociosWrite<V, R>(ledgerId: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sociosKeys.all(ledgerId) }),
  });
}

export const useCerrarPeriodo = (ledgerId: string) =>
  useSociosWrite(ledgerId, (body: { desde: string; hasta: string; tasa_final?: string }) =>
    api<{ liquidacion: LiquidacionCerrada }>(`${ledgerPath(ledgerId)}/liquidaciones`, messages.sociosCerrarError, { method: 'POST', body }),
  );

export const useReabrirPeriodo = (ledgerId: string) =>
  useSociosWrite(ledgerId, (lid: string) =>
    api<void>(`${ledgerPath(ledgerId)}/liquidaciones/${encodeURIComponent(lid)}`, messages.sociosReabrirError, { method: 'DELETE' }),
  );

/** PUT …/settings {reparto} (owner): the ledger list and every preview are read again. */
export function useGuardarReparto(ledgerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reparto: Reparto) =>
      api<{ ledger: Ledger }>(`${ledgerPath(ledgerId)}/settings`, messages.sociosRepartoError, { method: 'PUT', body: { reparto } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The period's aportes and retiros (GET …/movimientos, filtered): whose capital came and went. */
export const useAportesRetiros = (ledgerId: string, desde: string, hasta: string) =>
  useQuery({
    queryKey: [...sociosKeys.all(ledgerId), 'movimientos', desde, hasta],
    enabled: desde !== '' && hasta !== '' && desde <= hasta,
    queryFn: async ({ signal }) =>
      (
        await api<MovimientoJson[]>(`${ledgerPath(ledgerId)}/movimientos?desde=${desde}&hasta=${hasta}`, messages.movimientosLoadError, {
          signal,
        })
      ).filter((m) => m.tipo === 'aporte' || m.tipo === 'retiro'),
  });

/** GET …/socios/capital-inicial?fecha: the day's opening balances the registration must add up to (decision 0056). */
export const useAperturaCapital = (ledgerId: string, fecha: string) =>
  useQuery({
    queryKey: [...sociosKeys.all(ledgerId), 'apertura', fecha],
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(fecha),
    retry: false,
    queryFn: ({ signal }) =>
      api<CapitalInicialApertura>(`${ledgerPath(ledgerId)}/socios/capital-inicial?fecha=${fecha}`, messages.sociosLoadError, { signal }),
  });

/** POST …/socios/capital-inicial (owner): one change; every Socios read is refreshed after it. */
export const useRegistrarCapital = (ledgerId: string) =>
  useSociosWrite(ledgerId, (body: CapitalInicialInput) =>
    api<CapitalInicialApertura>(`${ledgerPath(ledgerId)}/socios/capital-inicial`, messages.sociosCapitalInicialError, {
      method: 'POST',
      body,
    }),
  );
