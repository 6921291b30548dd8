import { and, eq, gt, isNull } from 'drizzle-orm';
import { notificationTexts, TELEGRAM_LINK_TOKEN_RE, TELEGRAM_LINK_TTL_MS, type TelegramLink } from '@arb/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import { telegramLinks, telegramLinkTokens, users } from '../../db/schema.ts';
import { randomToken, sha256 } from '../auth/random-token.ts';

/**
 * POST /api/notifications/telegram/link (docs/product.md#telegram-notices): a single-use deep link valid 15 minutes.
 * 24 random bytes are 32 base64url characters: within Telegram's `[A-Za-z0-9_-]{1,64}`.
 */
export async function createTelegramLink(db: DbOrTx, userId: string, botUsername: string, now: Date): Promise<TelegramLink> {
  const token = randomToken(24);
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_MS);
  // Only the newest link works: a user has at most one token row, however often they ask.
  await db.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
  await db.insert(telegramLinkTokens).values({ tokenHash: sha256(token), userId, expiresAt });
  return { url: `https://t.me/${botUsername}?start=${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The bot's `/start <token>`: spends the token and links the chat to its user, in one
 * transaction. Answers the user's name, or undefined for an unknown, used or expired token.
 */
export async function consumeTelegramLink(db: Db, token: string, chatId: number, now: Date): Promise<string | undefined> {
  if (!TELEGRAM_LINK_TOKEN_RE.test(token)) return undefined;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(telegramLinkTokens)
      .set({ usedAt: now })
      .where(and(eq(telegramLinkTokens.tokenHash, sha256(token)), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, now)))
      .returning({ userId: telegramLinkTokens.userId });
    if (!spent) return undefined;
    await tx
      .insert(telegramLinks)
      .values({ userId: spent.userId, chatId, linkedAt: now })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, linkedAt: now } });
    const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, spent.userId));
    return user?.userName;
  });
}

/** `/stop` (and a 403 from Telegram): the chat gets nothing more, for every account linked to it. */
export async function unlinkTelegramChat(db: DbOrTx, chatId: number): Promise<number> {
  const rows = await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ userId: telegramLinks.userId });
  return rows.length;
}

/** The bot's answer to a private or group message (Spanish, plain text). */
export async function answerBotCommand(db: Db, text: string, chat: { id: number; type: string }, now: Date): Promise<string | undefined> {
  const [command, arg] = text.trim().split(/\s+/, 2);
  const name = command?.replace(/@.*$/, '');
  if (name === '/start') {
    if (chat.type !== 'private') return notificationTexts.botPrivateOnly;
    if (!arg) return notificationTexts.botHelp;
    const userName = await consumeTelegramLink(db, arg, chat.id, now);
    return userName === undefined ? notificationTexts.botLinkInvalid : notificationTexts.botLinked(userName);
  }
  if (name === '/stop') {
    await unlinkTelegramChat(db, chat.id);
    return notificationTexts.botUnlinked;
  }
  return chat.type === 'private' ? notificationTexts.botHelp : undefined;
}
