import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messages, PROOF_MAX_BYTES, profileSchema, proofNoteSchema } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { readUploadForm, uploadLimits, type UploadFormSpec } from '../lib/upload-form.ts';
import { myMembership, updateProfile } from '../services/membership/membership-info.ts';
import { createProof, deleteOwnProof, listProofs } from '../services/membership/payment-proofs.ts';
import { reencodeProofImage } from '../services/membership/proof-image.ts';

/** The multipart form of a proof upload: field `image` (one file, at most 5 MB) and `note`. */
const PROOF_FORM: UploadFormSpec = {
  field: 'image',
  maxBytes: PROOF_MAX_BYTES,
  textFields: ['note'],
  textMaxBytes: 8 * 1024,
  tooLarge: messages.proofTooLarge,
  required: messages.proofFileRequired,
};

/** docs/api.md membership rows: own membership, profile and payment proofs. */
export async function membershipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Multipart only here: one file, 5 MB, a short note; anything larger is refused while streaming.
    await scope.register(multipart, uploadLimits(PROOF_FORM));
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
      const form = await readUploadForm(request, PROOF_FORM);
      if (!form.file || form.file.length === 0) throw new AppError('VALIDATION_ERROR', messages.proofFileRequired);
      const note = proofNoteSchema.safeParse(form.fields.note ?? '');
      if (!note.success)
        throw new AppError('VALIDATION_ERROR', note.error.issues[0]?.message ?? messages.validationFailed, {
          note: messages.notesTooLong,
        });
      // Decoded on sharp's threads, at most as many at once as files are parsed (docs/product.md#upload-limits).
      const image = await ctx.uploads.limit(() => reencodeProofImage(form.file!));
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
