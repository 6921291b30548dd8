import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReporteMensualJson, reportesMessages } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';

/** The report's URL (DESIGN §25): the same route answers the page's figures, the workbook and the PDF. */
export const reportePath = (ledgerId: string, mes: string, formato: 'json' | 'xlsx' | 'pdf') =>
  `/api/ledgers/${encodeURIComponent(ledgerId)}/reportes/mensual?mes=${encodeURIComponent(mes)}&formato=${formato}`;

export const reporteMensualQueryOptions = (ledgerId: string, mes: string) =>
  queryOptions({
    queryKey: ['reportes', ledgerId, mes] as const,
    queryFn: ({ signal }) => api<ReporteMensualJson>(reportePath(ledgerId, mes, 'json'), reportesMessages.reportesErrorCarga, { signal }),
  });

/** The month's figures the Reportes page shows (docs/api.md#reportes, `formato=json`). */
export const useReporteMensual = (ledgerId: string, mes: string) => useQuery(reporteMensualQueryOptions(ledgerId, mes));
