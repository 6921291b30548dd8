import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messages, PROOF_MAX_BYTES, profileSchema, proofNoteSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { myMembership, updateProfile } from '../services/membership/membership-info.ts';
import { createProof, deleteOwnProof, listProofs } from '../services/membership/payment-proofs.ts';
import { reencodeProofImage } from '../services/membership/proof-image.ts';

const NOTE_MAX_BYTES = 8 * 1024;

// Answer at once and close the connection: a client sending 1 GB is not read to the end.
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', messages.proofTooLarge, undefined, { connection: 'close' });

/**
 * Reads one file part, keeping at most PROOF_MAX_BYTES. busboy signals the limit with a 'limit'
 * event but would go on reading (and discarding) the rest of the body; we stop right there.
 */
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

/** The multipart form of a proof upload: field `image` (one file, at most 5 MB) and `note`. */
async function readProofForm(request: FastifyRequest): Promise<{ image: Buffer | undefined; note: string }> {
  let image: Buffer | undefined;
  let note = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'image' && !image) image = await readLimited(part.file);
        else part.file.resume();
      } else if (part.fieldname === 'note' && typeof part.value === 'string') {
        note = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('VALIDATION_ERROR', messages.proofFileRequired);
    }
    throw err;
  }
  return { image, note };
}

/** docs/api.md membership rows: own membership, profile and payment proofs. */
export async function membershipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Multipart only here: one file, 5 MB, a short note; anything larger is refused while streaming.
    await scope.register(multipart, {
      limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: NOTE_MAX_BYTES },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const secret = ctx.config.JWT_SECRET;

    r.get('/api/membership/my-membership', { onRequest: ctx.guards.user }, async (request) =>
      myMembership(ctx.db, request.user.id, ctx.now(), ctx.config.MEMBERSHIP_REQUIRED, ctx.config.APP_TIMEZONE),
    );

    r.get('/api/membership/my-payment-proofs', { onRequest: ctx.guards.user }, async (request) =>
      listProofs(ctx.db, request.user.id, secret, ctx.now()),
    );

    r.put('/api/membership/profile', { onRequest: ctx.guards.user, schema: { body: profileSchema } }, async (request) => ({
      user: await updateProfile(ctx.db, request.user.id, request.body, ctx.now()),
    }));

    r.post('/api/membership/payment-proofs', { onRequest: ctx.guards.user }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', messages.proofFileRequired);
      const form = await readProofForm(request);
      if (!form.image || form.image.length === 0) throw new AppError('VALIDATION_ERROR', messages.proofFileRequired);
      const note = proofNoteSchema.safeParse(form.note);
      if (!note.success)
        throw new AppError('VALIDATION_ERROR', note.error.issues[0]?.message ?? messages.validationFailed, {
          note: messages.notesTooLong,
        });
      const image = await reencodeProofImage(form.image);
      const paymentProof = await createProof(ctx.db, request.user.id, image, note.data, secret, ctx.now());
      return reply.status(201).send({ paymentProof });
    });

    r.delete(
      '/api/membership/payment-proofs/:id',
      { onRequest: ctx.guards.user, schema: { params: idParamsSchema } },
      async (request, reply) => {
        await deleteOwnProof(ctx.db, request.user.id, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
