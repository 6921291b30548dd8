import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { simpleHtml } from '../mail/layout.ts';
import { notifyOutbox, queueEmail } from '../mail/queue-email.ts';

/**
 * Tells a user their Binance sync stopped (DESIGN §23, §28): by Telegram when they linked a chat
 * and the bot is on, else by email, both through the existing outboxes (sent after commit,
 * retried by their senders).
 */
export async function notifySyncStopped(db: Db, o: { userId: string; text: string; appUrl: string; telegramOn: boolean }): Promise<void> {
  const link = `${o.appUrl}/membership`;
  await db.transaction(async (tx) => {
    const u = await tx.execute<{ email: string; user_name: string; chat: boolean }>(sql`
      select u.email, u.user_name, exists(select 1 from telegram_links tl where tl.user_id = u.id) as chat
      from users u where u.id = ${o.userId}`);
    const user = u.rows[0];
    if (!user) return;
    if (o.telegramOn && user.chat) {
      await tx.execute(sql`
        insert into telegram_messages (user_id, dedupe_key, text)
        values (${o.userId}, ${`binance-stop:${o.userId}:${Date.now()}`}, ${`${o.text}\n${link}`})
        on conflict (dedupe_key) do nothing`);
      return;
    }
    const greeting = `Hola ${user.user_name},`;
    const footnote = 'Puedes volver a conectar la clave en Mi Membresía.';
    await queueEmail(tx, {
      to: user.email,
      subject: 'Sincronización con Binance detenida - Arbitraje USD/VES',
      text: `${greeting}\n\n${o.text}\n\n${link}\n\n${footnote}\n\nArbitraje USD/VES\n`,
      html: simpleHtml({ greeting, body: o.text, action: 'Revisar la conexión', link, footnote }),
    });
  });
  notifyOutbox();
}
