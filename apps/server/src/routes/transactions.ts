import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTransactionSchema,
  dayKeySchema,
  idParamsSchema,
  isDayKey,
  messages,
  searchQuerySchema,
  todayKey,
  toggleVerifySchema,
  updateTransactionSchema,
  uuidSchema,
} from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { createDayAnswerCache } from '../services/balances/day-answer-cache.ts';
import { acceptsGzip } from '../services/balances/day-answer-gzip.ts';
import { contentDisposition, exportFileName, loadDailyExport } from '../services/export/daily-export.ts';
import { streamExport } from '../services/export/export-pool.ts';
import { dailyProfit } from '../services/history/daily-profit.ts';
import { historyDates, historySummary } from '../services/history/history.ts';
import { searchTransactions } from '../services/transactions/search-transactions.ts';
import { createTransaction, parseIdempotencyKey } from '../services/transactions/create-transaction.ts';
import { deleteTransaction, setVerified, updateTransaction } from '../services/transactions/modify-transaction.ts';

const ledgerDayQuery = z.object({ ledgerId: uuidSchema, fecha: dayKeySchema });
const ledgerQuery = z.object({ ledgerId: uuidSchema });
const dailyProfitQuery = z.object({
  ledgerId: uuidSchema,
  limit: z.coerce.number({ error: messages.validationFailed }).int().min(1).max(366).default(30),
});
const ledgerParams = z.object({ id: z.uuid({ error: messages.ledgerNotFound }) });
const summaryQuery = z.object({ ledgerId: uuidSchema, hasta: z.optional(dayKeySchema) });
// The export checks its own parameters: docs/product.md#money gives the message for a missing ledger or date.
const exportQuery = z.object({ ledgerId: z.string().optional(), fecha: z.string().optional() });

/** Transactions, the day's balances, history and the Excel export (docs/api.md#calls, docs/api.md). */
export async function transactionRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: ctx.guards.user };
  // Routes naming their ledger read the caller's account and membership in one query.
  const memberOfQuery = ctx.guards.member((request) => (request.query as { ledgerId: string }).ledgerId);
  const memberOfBody = ctx.guards.member((request) => (request.body as { ledgerId: string }).ledgerId);
  // Reading is every member's right (docs/architecture.md): the member guard, or loadMembership
  // (404 outside the ledger), is the whole check, so no `authorize(m, 'view')` follows either.
  const viewer = (ledgerId: string, userId: string) => loadMembership(ctx.db, ledgerId, userId);

  app.post('/api/transactions', { ...memberOfBody, schema: { body: createTransactionSchema } }, async (request, reply) => {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    // The web's offline queue marks what it sends (DESIGN §28 "Accounts that come back"): not part of the key's binding.
    const queued = request.headers['x-offline-queue'] === '1';
    const avisos: string[] = [];
    const transaction = await createTransaction(ctx, request.user, request.membership, request.body, key, { queued, avisos });
    return reply.status(201).send(avisos.length > 0 ? { transaction, avisos } : { transaction });
  });

  app.put('/api/transactions/:id', { ...guard, schema: { params: idParamsSchema, body: updateTransactionSchema } }, async (request) => ({
    transaction: await updateTransaction(ctx, request.user, request.params.id, request.body),
  }));

  app.patch(
    '/api/transactions/:id/toggle-verify',
    { ...guard, schema: { params: idParamsSchema, body: toggleVerifySchema } },
    async (request) => ({ transaction: await setVerified(ctx, request.user, request.params.id, request.body.esta_verificada) }),
  );

  app.delete('/api/transactions/:id', { ...guard, schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteTransaction(ctx, request.user, request.params.id);
    return reply.status(204).send();
  });

  // One per instance; right across instances (docs/decisions/0017).
  const dayAnswers = createDayAnswerCache(ctx.db);
  app.get('/api/transactions/balances', { ...memberOfQuery, schema: { querystring: ledgerDayQuery } }, async (request, reply) => {
    const { ledgerId, fecha } = request.query;
    reply.header('cache-control', 'no-store').header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    // The revision read with the membership is not newer than the snapshot the answer comes from:
    // a cached answer of that revision or a later one is never stale for this request.
    const answer = await dayAnswers.read(ledgerId, fecha, request.membership.revision);
    // A big day is hundreds of kB of JSON; its gzip form is kept with it (docs/decisions/0019).
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(answer.plain());
    return reply.header('content-encoding', 'gzip').send(answer.gzipped());
  });

  app.get('/api/transactions/dates', { ...memberOfQuery, schema: { querystring: ledgerQuery } }, async (request) => {
    return historyDates(ctx.db, request.query.ledgerId);
  });

  app.get('/api/transactions/history-summary', { ...memberOfQuery, schema: { querystring: summaryQuery } }, async (request) => {
    const hasta = request.query.hasta ?? todayKey(ctx.config.APP_TIMEZONE, ctx.now());
    return historySummary(ctx.db, request.query.ledgerId, hasta);
  });

  // Beyond SPEC: the history's daily-profit chart (issue 7).
  app.get('/api/transactions/daily-profit', { ...memberOfQuery, schema: { querystring: dailyProfitQuery } }, async (request) => {
    return dailyProfit(ctx.db, request.query.ledgerId, request.query.limit);
  });

  // Members read (404 outside the ledger): docs/api.md#buscar-operaciones.
  const memberOfParams = ctx.guards.member((request) => (request.params as { id: string }).id);
  app.get(
    '/api/ledgers/:id/transactions/search',
    { ...memberOfParams, schema: { params: ledgerParams, querystring: searchQuerySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return searchTransactions(ctx.db, request.membership.ledgerId, request.query);
    },
  );

  app.get('/api/transactions/export-daily', { ...guard, schema: { querystring: exportQuery } }, async (request, reply) => {
    const { ledgerId, fecha } = request.query;
    if (!ledgerId || !fecha) throw new AppError('VALIDATION_ERROR', messages.exportNoSelection);
    if (!uuidSchema.safeParse(ledgerId).success) throw new AppError('NOT_FOUND', messages.ledgerNotFound);
    if (!isDayKey(fecha)) throw new AppError('VALIDATION_ERROR', messages.dateInvalid);
    const m = await viewer(ledgerId, request.user.id);
    const data = await loadDailyExport(ctx.db, { id: m.ledgerId, name: m.ledgerName }, fecha, ctx.config.APP_TIMEZONE);
    // Written in an export worker (decision 0057): a full queue is a 503 before any byte.
    const xlsx = await streamExport('day-xlsx', data);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(exportFileName(m.ledgerName, fecha)))
      .send(xlsx);
  });
}
