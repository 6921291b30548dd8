import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { executePrepared } from '../db/prepared.ts';

/** What a ledger-scoped request needs to know about its caller, as the lookup's row gives it. */
export interface MemberLookupRow {
  id: string;
  email: string;
  role: 'USER' | 'ADMIN';
  isActive: boolean;
  emailVerified: boolean;
  membershipEnd: Date | null;
  /** null when the token's session is ended (or not the user's). */
  sessionId: string | null;
  /** The rest are null when the user is not a member of the ledger (or it does not exist). */
  ledgerId: string | null;
  ledgerName: string | null;
  ownerId: string | null;
  revision: number | null;
  canModifyBalance: boolean | null;
  soloLectura: boolean | null;
}

export interface MemberLookupKey {
  userId: string;
  ledgerId: string;
  sessionId: string;
}

interface Pending {
  key: MemberLookupKey;
  resolve(row: MemberLookupRow | undefined): void;
  reject(err: unknown): void;
}

interface RawRow {
  i: string;
  id: string;
  email: string;
  role: 'USER' | 'ADMIN';
  is_active: boolean;
  email_verified: boolean;
  membership_end: string | null;
  session_id: string | null;
  ledger_id: string | null;
  ledger_name: string | null;
  owner_id: string | null;
  revision: string | null;
  can_modify_balance: boolean | null;
  solo_lectura: boolean | null;
}

/** Lookups per statement: a bound on the arrays sent (40 readers fit in one). */
const MAX_BATCH = 100;
/** Statements of lookups under way at once; lookups that come meanwhile wait for it and go together. */
const MAX_IN_FLIGHT = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's account, session and membership of one ledger for many requests in ONE statement
 * (docs/decisions/0022). Every request to a ledger's routes makes this lookup; under load (40
 * readers of a day and 10 writers, docs/benchmarks.md "mixed load") one statement each was ~2,000
 * statements a second, each a round trip that woke a PostgreSQL backend. Lookups go out at once
 * when no statement of them is under way (a quiet server adds no wait); beyond
 * that they queue and the next statement carries all of them. Each row answers exactly its own
 * (user, ledger, session): the statement joins per input position, as the single lookup did.
 */
export function createMemberLookupBatcher(db: Db): (key: MemberLookupKey) => Promise<MemberLookupRow | undefined> {
  let queue: Pending[] = [];
  let inFlight = 0;

  async function run(batch: Pending[]): Promise<void> {
    try {
      const { rows } = await executePrepared<RawRow & Record<string, unknown>>(
        db,
        'member_lookup_batch',
        sql`select k.i::text as i, u.id, u.email, u.role, u.is_active, u.email_verified, u.membership_end,
            s.id as session_id, l.id as ledger_id, l.name as ledger_name, l.owner_id, r.revision::text as revision, m.can_modify_balance, m.solo_lectura
          from unnest(${`{${batch.map((p) => p.key.userId).join(',')}}`}::uuid[], ${`{${batch.map((p) => p.key.ledgerId).join(',')}}`}::uuid[],
            ${`{${batch.map((p) => p.key.sessionId).join(',')}}`}::uuid[]) with ordinality as k(user_id, ledger_id, session_id, i)
          join users u on u.id = k.user_id
          left join login_sessions s on s.id = k.session_id and s.user_id = u.id and s.revoked_at is null
          left join ledger_members m on m.ledger_id = k.ledger_id and m.user_id = u.id
          left join ledgers l on l.id = m.ledger_id
          left join ledger_revisions r on r.ledger_id = l.id`,
      );
      const byPosition = new Map(rows.map((r) => [Number(r.i), r]));
      batch.forEach((p, index) => {
        const r = byPosition.get(index + 1); // ordinality counts from 1
        p.resolve(
          r && {
            id: r.id,
            email: r.email,
            role: r.role,
            isActive: r.is_active,
            emailVerified: r.email_verified,
            membershipEnd: r.membership_end === null ? null : new Date(r.membership_end),
            sessionId: r.session_id,
            ledgerId: r.ledger_id,
            ledgerName: r.ledger_name,
            ownerId: r.owner_id,
            revision: r.revision === null ? null : Number(r.revision),
            canModifyBalance: r.can_modify_balance,
            soloLectura: r.solo_lectura,
          },
        );
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  function pump(): void {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return (key) => {
    // Fail closed on anything but UUIDs (a token's ids are the server's own; the route validated
    // the ledger's): one malformed value must not fail the statement of the others.
    if (!UUID.test(key.userId) || !UUID.test(key.ledgerId) || !UUID.test(key.sessionId)) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      queue.push({ key, resolve, reject });
      pump();
    });
  };
}
