import { sql } from 'drizzle-orm';
import { messages, type NotificationSettings, type NotificationSettingsUpdate } from '@arb/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';

/** GET /api/notifications/settings: every ledger the user is in (in the order they joined), with the defaults where unset. */
export async function getNotificationSettings(db: DbOrTx, userId: string, enabled: boolean): Promise<NotificationSettings> {
  const linked = await db.execute<{ linked: boolean }>(
    sql`select exists (select 1 from telegram_links where user_id = ${userId}) as linked`,
  );
  // The owner's name tells apart two ledgers of the same name ("Mi Registro"), as the ledger selector does (issue 36).
  const rows = await db.execute<{
    ledger_id: string;
    name: string;
    owner_id: string;
    owner_name: string;
    cambios: boolean;
    resumen_diario: boolean;
  }>(sql`
    select l.id as ledger_id, l.name, l.owner_id, o.user_name as owner_name,
      coalesce(s.cambios, true) as cambios, coalesce(s.resumen_diario, false) as resumen_diario
    from ledger_members m
    join ledgers l on l.id = m.ledger_id
    join users o on o.id = l.owner_id
    left join notification_settings s on s.user_id = m.user_id and s.ledger_id = m.ledger_id
    where m.user_id = ${userId}
    order by m.joined_at, l.id`);
  return {
    telegram: { enabled, linked: Boolean(linked.rows[0]?.linked) },
    ledgers: rows.rows.map((r) => ({
      ledgerId: r.ledger_id,
      name: r.name,
      ownerId: r.owner_id,
      ownerName: r.owner_name,
      cambios: r.cambios,
      resumen_diario: r.resumen_diario,
    })),
  };
}

/** PUT: a partial update per ledger; a ledger the user is not in is a 404 and nothing changes. */
export async function putNotificationSettings(
  db: Db,
  userId: string,
  data: NotificationSettingsUpdate,
  enabled: boolean,
): Promise<NotificationSettings> {
  await db.transaction(async (tx) => {
    for (const l of data.ledgers) {
      const cambios = l.cambios ?? null;
      const resumen = l.resumen_diario ?? null;
      const res = await tx.execute(sql`
        insert into notification_settings (user_id, ledger_id, cambios, resumen_diario)
        select m.user_id, m.ledger_id, coalesce(${cambios}::boolean, true), coalesce(${resumen}::boolean, false)
        from ledger_members m where m.user_id = ${userId} and m.ledger_id = ${l.ledgerId}
        on conflict (user_id, ledger_id) do update set
          cambios = coalesce(${cambios}::boolean, notification_settings.cambios),
          resumen_diario = coalesce(${resumen}::boolean, notification_settings.resumen_diario)`);
      if (res.rowCount === 0) throw new AppError('NOT_FOUND', messages.notFound);
    }
  });
  return getNotificationSettings(db, userId, enabled);
}
