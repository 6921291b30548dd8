import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, idParamsSchema, messages, uuidSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { readUploadForm, uploadLimits, type UploadFormSpec } from '../lib/upload-form.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { commitImport, listImports, previewImport, undoImport, type ImportFile } from '../services/imports/import-service.ts';

/** docs/product.md#binance-import: `file` (CSV or XLSX, ≤ 10 MB), an optional `timezone` and one account per side. */
const IMPORT_FORM: UploadFormSpec = {
  field: 'file',
  maxBytes: IMPORT_MAX_BYTES,
  textFields: ['timezone', 'cuenta_ves_id', 'cuenta_usd_id'],
  textMaxBytes: 200,
  tooLarge: messages.importTooLarge,
  required: messages.importFileRequired,
};

async function readImportForm(request: FastifyRequest, defaultZone: string): Promise<ImportFile> {
  const form = await readUploadForm(request, IMPORT_FORM);
  if (form.file === undefined) throw new AppError('VALIDATION_ERROR', messages.importFileRequired);
  const zone = form.fields.timezone?.trim();
  // docs/product.md#cuentas-y-movimientos: one account per side for all the file's orders.
  const cuentas: Pick<ImportFile, 'cuenta_ves_id' | 'cuenta_usd_id'> = {};
  for (const field of ['cuenta_ves_id', 'cuenta_usd_id'] as const) {
    const value = form.fields[field];
    if (value === undefined || value === '') continue;
    if (!uuidSchema.safeParse(value).success) throw new AppError('CUENTA_INVALIDA', messages.cuentaInvalida);
    cuentas[field] = value;
  }
  return { buf: form.file, fileName: (form.fileName || 'archivo').slice(0, 255), timezone: zone || defaultZone, ...cuentas };
}

const batchParams = z.object({ id: uuidSchema, batchId: uuidSchema });

/** docs/product.md#binance-import: Binance P2P import — preview, commit, list and undo of batches; members only. */
export async function importRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Multipart only here: one file up to 10 MB and the zone; anything larger is refused while streaming.
    await scope.register(multipart, uploadLimits(IMPORT_FORM));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const guard = { onRequest: ctx.guards.user };
    const zone = ctx.config.APP_TIMEZONE;

    r.post('/api/ledgers/:id/imports/preview', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
      const m = await loadMembership(ctx.db, request.params.id, request.user.id);
      return previewImport(ctx, request.user, m, await readImportForm(request, zone));
    });

    r.post('/api/ledgers/:id/imports', { ...guard, schema: { params: idParamsSchema } }, async (request, reply) => {
      const m = await loadMembership(ctx.db, request.params.id, request.user.id);
      return reply.status(201).send(await commitImport(ctx, request.user, m, await readImportForm(request, zone)));
    });

    r.get('/api/ledgers/:id/imports', { ...guard, schema: { params: idParamsSchema } }, async (request) => {
      await loadMembership(ctx.db, request.params.id, request.user.id);
      return listImports(ctx.db, request.params.id);
    });

    r.delete('/api/ledgers/:id/imports/:batchId', { ...guard, schema: { params: batchParams } }, async (request, reply) => {
      const m = await loadMembership(ctx.db, request.params.id, request.user.id);
      await undoImport(ctx, request.user, m, request.params.batchId);
      return reply.status(204).send();
    });
  });
}
