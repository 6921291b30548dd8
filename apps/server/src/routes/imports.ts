import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, idParamsSchema, messages, uuidSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { commitImport, listImports, previewImport, undoImport, type ImportFile } from '../services/imports/import-service.ts';

// Answer at once and close the connection: a client sending 1 GB is not read to the end.
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.importTooLarge, undefined, { connection: 'close' });
const noFile = () => new AppError('VALIDATION_ERROR', messages.importFileRequired);

function readLimited(file: Readable & { truncated: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      file.destroy();
      reject(tooLarge());
    });
    file.once('end', () => (file.truncated ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
}

/** The multipart form of docs/product.md#binance-import: `file` (CSV or XLSX, ≤ 10 MB) and an optional `timezone`. */
async function readImportForm(request: FastifyRequest, defaultZone: string): Promise<ImportFile> {
  if (!request.isMultipart()) throw noFile();
  let buf: Buffer | undefined;
  let fileName = '';
  let timezone = defaultZone;
  const cuentas: Pick<ImportFile, 'cuenta_ves_id' | 'cuenta_usd_id'> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !buf) {
          fileName = part.filename || 'archivo';
          buf = await readLimited(part.file);
        } else part.file.resume();
      } else if (part.fieldname === 'timezone' && typeof part.value === 'string' && part.value.trim() !== '') {
        timezone = part.value.trim();
      } else if (
        (part.fieldname === 'cuenta_ves_id' || part.fieldname === 'cuenta_usd_id') &&
        typeof part.value === 'string' &&
        part.value !== ''
      ) {
        // docs/product.md#cuentas-y-movimientos: one account per side for all the file's orders.
        if (!uuidSchema.safeParse(part.value).success) throw new AppError('CUENTA_INVALIDA', messages.cuentaInvalida);
        cuentas[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw noFile();
    throw new AppError('VALIDATION_ERROR', messages.importFileRequired);
  }
  if (buf === undefined) throw noFile();
  return { buf, fileName: fileName.slice(0, 255), timezone, ...cuentas };
}

const batchParams = z.object({ id: uuidSchema, batchId: uuidSchema });

/** docs/product.md#binance-import: Binance P2P import — preview, commit, list and undo of batches; members only. */
export async function importRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Multipart only here: one file up to 10 MB and the zone; anything larger is refused while streaming.
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 200 } });
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
