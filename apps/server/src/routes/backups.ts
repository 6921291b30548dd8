import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupDownloadSchema, backupParamsSchema, messages } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { recordAdminAction } from '../services/admin/admin-audit.ts';
import { reauthenticate } from '../services/auth/two-factor.ts';
import { backupFile, listBackups } from '../services/backups/backup-schedule.ts';

/**
 * The admin's backups (docs/api.md, docs/operations.md#backups), ADMIN only (403 for anyone else).
 * A copy holds every user's data: it is downloaded by POST with the admin's password (and a code
 * when two-factor is on), recorded in admin_audit; there is no GET of one.
 */
export async function backupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: ctx.guards.admin };
  const dir = ctx.config.BACKUP_DIR;

  r.get('/api/admin/backups', admin, async () => listBackups(dir));

  r.post('/api/admin/backups', admin, async (request, reply) => {
    let run;
    try {
      run = await ctx.backups.createNow();
    } catch (err) {
      request.log.error({ err }, 'backup failed; older copies kept');
      throw new AppError('BACKUP_FAILED', messages.backupFailed);
    }
    if (run.status !== 'written') throw new AppError('BACKUP_IN_PROGRESS', messages.backupInProgress);
    await recordAdminAction(ctx.db, request.user.id, 'BACKUP_CREATED', { id: run.backup.id }, ctx.now());
    return reply.status(201).send({ backup: run.backup });
  });

  r.post(
    '/api/admin/backups/:id/download',
    { ...admin, schema: { params: backupParamsSchema, body: backupDownloadSchema } },
    async (request, reply) => {
      // The id must be one of the listed names: anything else (a path, `..`) is not found, before the password is checked.
      const file = await backupFile(dir, request.params.id);
      if (!file) throw new AppError('BACKUP_NOT_FOUND', messages.backupNotFound);
      await reauthenticate(ctx, request.user.id, request.body.password, request.body.code);
      await recordAdminAction(ctx.db, request.user.id, 'BACKUP_DOWNLOADED', { id: request.params.id }, ctx.now());
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.id}"`)
        .send(createReadStream(file));
    },
  );
}
