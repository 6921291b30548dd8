import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messages,
  type CreateCuadreInput,
  type CreateCuentaInput,
  type CreateMovimientoInput,
  type CuadreJson,
  type CuentaJson,
  type CuentasResponse,
  type MovimientoJson,
  type UpdateCuentaInput,
  type UpdateMovimientoInput,
} from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** docs/api.md "cuentas, movimientos, cuadres": the Cuentas page's reads and writes. */
const ledgerPath = (ledgerId: string) => `/api/ledgers/${encodeURIComponent(ledgerId)}`;

export const cuentasKeys = {
  all: (ledgerId: string) => ['cuentas', ledgerId] as const,
  list: (ledgerId: string) => ['cuentas', ledgerId, 'list'] as const,
  /** The balances at the end of a chosen day (the page's date picker). */
  at: (ledgerId: string, fecha: string) => ['cuentas', ledgerId, 'list', fecha] as const,
  /** One month's movements, of every account ('') or of one (`cuentaId`). */
  movimientos: (ledgerId: string, desde: string, hasta: string, cuentaId = '') =>
    ['cuentas', ledgerId, 'movimientos', desde, hasta, cuentaId] as const,
};

export const cuentasQueryOptions = (ledgerId: string) =>
  queryOptions({
    queryKey: cuentasKeys.list(ledgerId),
    queryFn: ({ signal }) => api<CuentasResponse>(`${ledgerPath(ledgerId)}/cuentas`, messages.cuentasLoadError, { signal }),
  });

/** Without `fecha`: today's balances (the server's today); with it, the balances at the end of that day. */
export const useCuentas = (ledgerId: string, fecha?: string) =>
  useQuery<CuentasResponse>({
    queryKey: fecha ? cuentasKeys.at(ledgerId, fecha) : cuentasKeys.list(ledgerId),
    queryFn: ({ signal }) =>
      api<CuentasResponse>(
        `${ledgerPath(ledgerId)}/cuentas${fecha ? `?fecha=${encodeURIComponent(fecha)}` : ''}`,
        messages.cuentasLoadError,
        { signal },
      ),
  });

/**
 * GET …/movimientos?desde&hasta[&cuentaId]: with an account, the server sends only its movements,
 * each with the account's closing balance that day (`saldo_cuenta`, decision 0060).
 */
export const useMovimientos = (ledgerId: string, desde: string, hasta: string, cuentaId = '') =>
  useQuery({
    queryKey: cuentasKeys.movimientos(ledgerId, desde, hasta, cuentaId),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ desde, hasta });
      if (cuentaId) q.set('cuentaId', cuentaId);
      return api<MovimientoJson[]>(`${ledgerPath(ledgerId)}/movimientos?${q}`, messages.movimientosLoadError, { signal });
    },
  });

/** Every write changes balances: the page's reads are fetched again. */
function useCuentasWrite<V, R>(ledgerId: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cuentasKeys.all(ledgerId) }),
  });
}

export const useCreateCuenta = (ledgerId: string) =>
  useCuentasWrite(ledgerId, (input: CreateCuentaInput) =>
    api<{ cuenta: CuentaJson }>(`${ledgerPath(ledgerId)}/cuentas`, messages.cuentaCreateError, { method: 'POST', body: input }),
  );

/** One Idempotency-Key per submitted form (docs/product.md#reliability-rules): a retry never records twice. */
export const useCreateMovimiento = (ledgerId: string) =>
  useCuentasWrite(ledgerId, ({ input, idempotencyKey }: { input: CreateMovimientoInput; idempotencyKey: string }) =>
    api<{ movimiento: MovimientoJson }>(`${ledgerPath(ledgerId)}/movimientos`, messages.movCreateError, {
      method: 'POST',
      body: input,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );

export const useCreateCuadre = (ledgerId: string) =>
  useCuentasWrite(ledgerId, ({ cuentaId, input }: { cuentaId: string; input: CreateCuadreInput }) =>
    api<{ cuadre: CuadreJson }>(`${ledgerPath(ledgerId)}/cuentas/${encodeURIComponent(cuentaId)}/cuadres`, messages.cuadreCreateError, {
      method: 'POST',
      body: input,
    }),
  );

/** PUT …/cuentas/:cuentaId: edit, archive (`archivada: true`) or bring back, with the version it was read at. */
export const useUpdateCuenta = (ledgerId: string) =>
  useCuentasWrite(ledgerId, ({ cuentaId, input }: { cuentaId: string; input: UpdateCuentaInput }) =>
    api<{ cuenta: CuentaJson }>(`${ledgerPath(ledgerId)}/cuentas/${encodeURIComponent(cuentaId)}`, messages.cuentaUpdateError, {
      method: 'PUT',
      body: input,
    }),
  );

export const useUpdateMovimiento = (ledgerId: string) =>
  useCuentasWrite(ledgerId, ({ movId, input }: { movId: string; input: UpdateMovimientoInput }) =>
    api<{ movimiento: MovimientoJson }>(`${ledgerPath(ledgerId)}/movimientos/${encodeURIComponent(movId)}`, messages.movUpdateError, {
      method: 'PUT',
      body: input,
    }),
  );

/** DELETE …/movimientos/:movId; the page then offers "Deshacer" (the activity's MOVEMENT_DELETED, docs/product.md#undo). */
export const useDeleteMovimiento = (ledgerId: string) =>
  useCuentasWrite(ledgerId, (movId: string) =>
    api<void>(`${ledgerPath(ledgerId)}/movimientos/${encodeURIComponent(movId)}`, messages.movDeleteError, { method: 'DELETE' }),
  );
