import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationSettingsUpdateSchema, notificationTexts } from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { getNotificationSettings, putNotificationSettings } from '../services/telegram/notification-settings.ts';
import { createTelegramLink } from '../services/telegram/telegram-link.ts';

/** docs/product.md#telegram-notices: Telegram linking and the per-ledger notification settings. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enabled = Boolean(ctx.config.telegramBotToken);

  r.post('/api/notifications/telegram/link', { onRequest: ctx.guards.user }, async (request) => {
    const bot = ctx.config.telegramBotUsername;
    if (!enabled || !bot) throw new AppError('NOT_FOUND', notificationTexts.disabled);
    return createTelegramLink(ctx.db, request.user.id, bot, ctx.now());
  });

  r.get('/api/notifications/settings', { onRequest: ctx.guards.user }, async (request) =>
    getNotificationSettings(ctx.db, request.user.id, enabled),
  );

  r.put(
    '/api/notifications/settings',
    { onRequest: ctx.guards.user, schema: { body: notificationSettingsUpdateSchema } },
    async (request) => putNotificationSettings(ctx.db, request.user.id, request.body, enabled),
  );
}
