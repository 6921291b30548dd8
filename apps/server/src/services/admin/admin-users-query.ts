import { sql, type SQL } from 'drizzle-orm';
import { membershipState, type AdminUser, type AdminUserSort, type AdminUsersQuery } from '@arb/shared';
import type { DbOrTx } from '../../db/database.ts';

interface Row extends Record<string, unknown> {
  id: string;
  user_name: string;
  email: string;
  role: 'USER' | 'ADMIN';
  is_active: boolean;
  email_verified: boolean;
  phone_number: string | null;
  two_factor_enabled: boolean;
  membership_start: Date | string | null;
  membership_end: Date | string | null;
  created_at: Date | string;
  owned_ledgers: number;
  memberships: number;
  payment_proofs: number;
  pending_proofs: number;
  total: number;
}

const SORT_SQL: Record<AdminUserSort, SQL> = {
  user_name: sql`lower(u.user_name)`,
  email: sql`lower(u.email)`,
  role: sql`u.role`,
  is_active: sql`u.is_active`,
  email_verified: sql`u.email_verified`,
  created_at: sql`u.created_at`,
  membership_end: sql`u.membership_end`,
  owned_ledgers: sql`owned_ledgers`,
  memberships: sql`memberships`,
  payment_proofs: sql`payment_proofs`,
};

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function toAdminUser(r: Row, now: Date, timeZone?: string): AdminUser {
  const state = membershipState({ membershipEnd: r.membership_end, hasPendingProof: Number(r.pending_proofs) > 0 }, now, timeZone);
  return {
    id: r.id,
    user_name: r.user_name,
    email: r.email,
    role: r.role,
    is_active: r.is_active,
    email_verified: r.email_verified,
    phone_number: r.phone_number,
    two_factor_enabled: r.two_factor_enabled,
    membership_status: state.status,
    days_remaining: state.daysRemaining,
    membership_start: iso(r.membership_start),
    membership_end: iso(r.membership_end),
    created_at: iso(r.created_at)!,
    _count: { ownedLedgers: Number(r.owned_ledgers), memberships: Number(r.memberships), paymentProofs: Number(r.payment_proofs) },
  };
}

export interface UsersPage {
  users: AdminUser[];
  total: number;
}

const COUNT_SORTS: ReadonlySet<AdminUserSort> = new Set(['owned_ledgers', 'memberships', 'payment_proofs']);

/** Per-user counts as correlated sub-selects, each one indexed lookup (ledgers_owner_idx etc.). */
const COUNTS = sql`
  (select count(*) from ledgers l where l.owner_id = u.id)::int as owned_ledgers,
  (select count(*) from ledger_members lm join ledgers l on l.id = lm.ledger_id
    where lm.user_id = u.id and l.owner_id <> u.id)::int as memberships,
  (select count(*) from payment_proofs p where p.user_id = u.id)::int as payment_proofs,
  (select count(*) from payment_proofs p where p.user_id = u.id and p.status = 'pending')::int as pending_proofs`;

/** The same counts for every user at once: grouped sub-selects hash-joined (sorting by a count). */
const GROUPED_COUNTS = sql`
  left join (select owner_id, count(*) as n from ledgers group by owner_id) o on o.owner_id = u.id
  left join (
    select lm.user_id, count(*) as n from ledger_members lm
    join ledgers l on l.id = lm.ledger_id and l.owner_id <> lm.user_id
    group by lm.user_id
  ) m on m.user_id = u.id
  left join (
    select user_id, count(*) as n, count(*) filter (where status = 'pending') as pending
    from payment_proofs group by user_id
  ) p on p.user_id = u.id`;
const GROUPED_COLUMNS = sql`coalesce(o.n, 0)::int as owned_ledgers, coalesce(m.n, 0)::int as memberships,
  coalesce(p.n, 0)::int as payment_proofs, coalesce(p.pending, 0)::int as pending_proofs`;

const USER_COLUMNS = sql`u.id, u.user_name, u.email, u.role, u.is_active, u.email_verified, u.phone_number, u.two_factor_enabled,
  u.membership_start, u.membership_end, u.created_at`;

/**
 * The admin users list in ONE query, never a query per user. `memberships` counts the ledgers a
 * user joined (not the ones they own, which are `ownedLedgers`); `total` is the count before paging.
 * Sorted by a user column, the page is cut first and only its rows get their counts (10,000
 * users: a few ms); sorted by a count, every user's counts are needed first, and grouped
 * sub-selects joined once compute them all together.
 */
export async function queryAdminUsers(
  db: DbOrTx,
  now: Date,
  opts: AdminUsersQuery & { id?: string; timeZone?: string } = {},
): Promise<UsersPage> {
  const where: SQL[] = [];
  if (opts.id) where.push(sql`u.id = ${opts.id}`);
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(u.email ilike ${like} or u.user_name ilike ${like})`);
  }
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const sortKey = (opts.sort?.replace(/^-/, '') ?? 'created_at') as AdminUserSort;
  const dir = opts.sort ? (opts.sort.startsWith('-') ? sql`desc` : sql`asc`) : sql`desc`;
  const order = sql`order by ${SORT_SQL[sortKey]} ${dir} nulls last, u.id`;
  const limit = opts.pageSize ? sql`limit ${opts.pageSize} offset ${((opts.page ?? 1) - 1) * opts.pageSize}` : sql``;
  const query = COUNT_SORTS.has(sortKey)
    ? sql`select * from (
            select ${USER_COLUMNS}, ${GROUPED_COLUMNS}, count(*) over ()::int as total from users u ${GROUPED_COUNTS} ${filter}
          ) u ${order} ${limit}`
    : sql`select u.*, ${COUNTS}
          from (select ${USER_COLUMNS}, count(*) over ()::int as total from users u ${filter} ${order} ${limit}) u
          ${order}`;
  const rows = (await db.execute<Row>(query)).rows;
  return { users: rows.map((r) => toAdminUser(r, now, opts.timeZone)), total: rows[0] ? Number(rows[0].total) : 0 };
}

export async function adminUserById(db: DbOrTx, id: string, now: Date, timeZone?: string): Promise<AdminUser | undefined> {
  const { users } = await queryAdminUsers(db, now, { id, timeZone });
  return users[0];
}
