import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daysOfMonth, mesEnRango, messages, reporteQuerySchema, todayKey, reportesMessages } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { contentDisposition, reportFileName } from '../services/export/daily-export.ts';
import { streamExport } from '../services/export/export-pool.ts';
import { toReporteJson } from '../services/reportes/month-json.ts';
import { loadMonthReport } from '../services/reportes/month-report.ts';
import { monthPdfDoc } from '../services/reportes/pdf/month-pdf-doc.ts';
import { renderPdf } from '../services/reportes/pdf/pdf-renderer.ts';

const ledgerParams = z.object({ id: z.uuid({ error: messages.ledgerNotFound }) });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A month as a workbook, a PDF, or the figures the Reportes page draws (DESIGN §25,
 * docs/api.md#reportes). Every member reads (viewers too); 404 outside the ledger.
 */
export async function reporteRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: ctx.guards.user };

  app.get(
    '/api/ledgers/:id/reportes/mensual',
    { ...guard, schema: { params: ledgerParams, querystring: reporteQuerySchema } },
    async (request, reply) => {
      const { mes, formato } = request.query;
      // Bounded: 2000-01 up to this month (a month of the future has nothing to report).
      if (!mesEnRango(mes, todayKey(ctx.config.APP_TIMEZONE, ctx.now())))
        throw new AppError('VALIDATION_ERROR', reportesMessages.reporteMesFuera);
      const m = await loadMembership(ctx.db, request.params.id, request.user.id);
      const report = await loadMonthReport(ctx.db, { id: m.ledgerId, name: m.ledgerName }, mes, ctx.config.APP_TIMEZONE, {
        now: ctx.now(),
        socios: formato !== 'json',
      });
      reply.header('cache-control', 'no-store');
      if (formato === 'json') return toReporteJson(report);
      if (formato === 'pdf') {
        const pdf = await renderPdf(monthPdfDoc(report, daysOfMonth(mes).length), reportesMessages.reportePagina);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(reportFileName(m.ledgerName, mes, 'pdf')))
          .send(pdf);
      }
      // Written in an export worker (decision 0057); the reads above stay here, they are I/O.
      const xlsx = await streamExport('month-xlsx', { report, timeZone: ctx.config.APP_TIMEZONE });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(reportFileName(m.ledgerName, mes, 'xlsx')))
        .send(xlsx);
    },
  );
}
