import { sql, type SQL } from 'drizzle-orm';
import type { SociosResponse } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';
import { loadMembership } from '../ledger-access.ts';

/**
 * Who the ledger names as a partner (DESIGN §28 "Former partners", docs/product.md#socios-y-liquidacion):
 * a member, or someone who left but is still named by it — the `miembro` of one of its movements,
 * the titular of one of its accounts, or a partner of a closed liquidación. A retiro may name any
 * of them (a former partner's capital is paid out that way); nobody else.
 *
 * The one definition of the rule: `isSocio` (the check of a retiro) and `listSocios` (the list the
 * retiro's form offers) both run it, so the form never offers someone the server refuses nor
 * misses someone it accepts. With `userId`, every branch is narrowed to that user (one check).
 * Only users that still exist: a deleted user's uuid left in a closed period's stored result is
 * no partner (their movements and accounts were set to null).
 */
function sociosSql(ledgerId: string, userId?: string): SQL {
  const only = (column: SQL) => (userId === undefined ? sql`` : sql` and ${column} = ${userId}`);
  return sql`
    select u.id::text as "userId", u.user_name,
      not exists (select 1 from ledger_members m where m.ledger_id = ${ledgerId} and m.user_id = u.id) as ex_miembro
    from users u
    where u.id in (
      select user_id from ledger_members where ledger_id = ${ledgerId}${only(sql`user_id`)}
      union select miembro_id from movimientos where ledger_id = ${ledgerId} and miembro_id is not null${only(sql`miembro_id`)}
      union select titular_id from cuentas where ledger_id = ${ledgerId} and titular_id is not null${only(sql`titular_id`)}
      union select (s ->> 'userId')::uuid from liquidaciones l, jsonb_array_elements(l.datos -> 'socios') s
        where l.ledger_id = ${ledgerId}${only(sql`s ->> 'userId'`)})`;
}

/** Whether a retiro may name the user (sociosSql's rule, narrowed to them). */
export async function isSocio(db: DbOrTx, ledgerId: string, userId: string): Promise<boolean> {
  const r = await db.execute(sociosSql(ledgerId, userId));
  return r.rows.length > 0;
}

/**
 * `GET /api/ledgers/:id/socios` (docs/api.md#socios): the ledger's partners by sociosSql's rule,
 * current members first, then former ones, each by name. Every member reads it, a viewer too
 * (404 outside the ledger, as its other routes).
 */
export async function listSocios(db: DbOrTx, userId: string, ledgerId: string): Promise<SociosResponse> {
  await loadMembership(db, ledgerId, userId);
  const r = await db.execute<SociosResponse['socios'][number]>(
    sql`select * from (${sociosSql(ledgerId)}) s order by s.ex_miembro, s.user_name, s."userId"`,
  );
  return { socios: r.rows };
}
