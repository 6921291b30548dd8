import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@arb/shared';
import { AppError } from '../lib/errors.ts';
import { periodoCerradoError } from '../services/socios/periodo-cerrado.ts';

interface Issue {
  instancePath?: string;
  message?: string;
}

function fieldsOf(validation: Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of validation) {
    const name = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    if (!(name in fields)) fields[name] = v.message ?? messages.validationFailed;
  }
  return fields;
}

/**
 * One place turns every failure into `{error, code, fields?}` (docs/api.md): 4xx keep their
 * Spanish message, anything unexpected is logged with the request and answered with a generic
 * 500. No stack trace ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const locked = err instanceof AppError ? undefined : periodoCerradoError(err);
    if (locked) return reply.status(locked.status).send({ error: locked.message, code: locked.code });
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({ error: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsOf(err.validation);
      const first = Object.values(fields)[0] ?? messages.validationFailed;
      return reply.status(400).send({ error: first, code: 'VALIDATION_ERROR', fields });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ error: messages.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 429) return reply.status(429).send({ error: messages.tooManyRequests, code: 'RATE_LIMITED' });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, bad multipart: the client's fault, said in Spanish.
      return reply.status(status === 415 ? 415 : 400).send({ error: messages.validationFailed, code: 'VALIDATION_ERROR' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).send({ error: messages.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ error: messages.internalError, code: 'INTERNAL_ERROR' });
  });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    // "… is not queryable": node-pg's answer on a connection PostgreSQL dropped. A transaction
    // cut by a restart fails with it, because Drizzle's `rollback` on the dead connection throws
    // in place of the original error.
    if (
      typeof msg === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|is not queryable/i.test(msg)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
