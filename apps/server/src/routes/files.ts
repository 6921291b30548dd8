import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { proofImage } from '../services/membership/payment-proofs.ts';
import { verifyProofSignature } from '../services/membership/signed-url.ts';

const notFound = () => new AppError('NOT_FOUND', messages.notFound);

/**
 * Proof images by signed URL (docs/product.md#reliability-rules): no Authorization header (an <img> or a new tab cannot
 * send one); the signature is the permission. A bad, changed or expired signature is a 404.
 */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/files/payment-proofs/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!z.uuid().safeParse(id).success) throw notFound();
      if (!verifyProofSignature(ctx.config.JWT_SECRET, id, request.query.exp, request.query.sig, ctx.now())) throw notFound();
      const image = await proofImage(ctx.db, id);
      if (!image) throw notFound();
      // The browser may keep it for as long as the URL stays valid, and only for this user.
      const maxAge = Math.max(0, Number(request.query.exp) - Math.floor(ctx.now().getTime() / 1000));
      return reply
        .type(image.mimeType)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  );
}
