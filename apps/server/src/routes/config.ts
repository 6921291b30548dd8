import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@arb/shared';
import type { AppContext } from '../context.ts';

/**
 * The settings the web's guards follow (docs/product.md#account-security), public. Telegram is on when its bot is
 * configured (docs/product.md#telegram-notices); its fields are read only if this build's configuration has them.
 */
export function publicConfig(config: AppContext['config']): PublicConfig {
  const optional = config as unknown as { telegramBotToken?: string; telegramBotUsername?: string };
  const token = optional.telegramBotToken;
  const username = optional.telegramBotUsername;
  return {
    requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION,
    membershipRequired: config.MEMBERSHIP_REQUIRED,
    telegram: token && username ? { enabled: true, botUsername: username } : { enabled: false, botUsername: null },
  };
}

export async function configRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = publicConfig(ctx.config);
  app.get('/api/config', async () => answer);
}
