import type { ErrorCode, Role } from './constants.ts';
import { membershipState } from './membership.ts';
import type { MessageKey } from './messages.ts';

/**
 * Who may do what, in one pure module (docs/product.md "Permissions"): the account checks, the
 * ledger matrix, the membership gate and the administrators' self-rules. The server's guards and
 * services turn a refusal into an `AppError` (status from the error table, errors.ts); the web
 * asks the same functions to show or hide a button. Nothing here reads a database or a clock:
 * the caller passes the facts it read, once per request.
 */

/** Ledger actions, one per row of the permission matrix. */
export const LEDGER_ACTIONS = [
  'view', // ledger, transactions, balances, history, export, activity
  'addTransaction',
  'editTransaction', // edit / delete / verify: one's own always, others' with canModifyBalance or as owner
  'setBalances',
  'manageCuentas', // accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos): the balance permission
  'rename',
  'manage', // invite link, permissions, expel, delete the ledger
  'reset',
  'restore', // docs/product.md#undo: the owner, or the member who made the change being restored
  'leave',
] as const;
export type LedgerAction = (typeof LEDGER_ACTIONS)[number];

/** Actions on the administration page; each needs the ADMIN role. */
export const ADMIN_ACTIONS = [
  'listUsers',
  'viewUser',
  'reviewProof',
  'setMembership',
  'activate',
  'deactivate',
  'setRole',
  'setEmail',
  'deleteUser',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The account that asks, as read on this request (a deactivation takes effect at once). */
export interface PermissionActor {
  id: string;
  role: Role;
  isActive: boolean;
  emailVerified: boolean;
  membershipEnd: Date | string | null;
}

/** The deployment's switches and the request's clock. */
export interface PermissionRules {
  requireEmailVerification: boolean;
  /** MEMBERSHIP_REQUIRED: writes need an active membership (administrators exempt). */
  membershipRequired: boolean;
  now: Date;
}

/** The actor's place in one ledger; `null` stands for "not a member, or no such ledger". */
export interface LedgerStanding {
  isOwner: boolean;
  /** The member's 'Modificar saldos' flag; the owner has every right of it whatever it says. */
  canModifyBalance: boolean;
  /**
   * A viewer member ("Solo lectura", docs/product.md "Permissions"): reads everything, every write
   * refused; it wins over canModifyBalance. Never true for the owner.
   */
  soloLectura: boolean;
}

export type Permission = { allowed: true } | { allowed: false; code: ErrorCode; message: MessageKey };

const ALLOWED: Permission = { allowed: true };
const refuse = (code: ErrorCode, message: MessageKey): Permission => ({ allowed: false, code, message });

export interface AccountNeeds {
  /** auth/me and resend-verification work before the email is verified. */
  allowUnverified?: boolean;
  admin?: boolean;
}

/**
 * The account check every protected HTTP call and every Socket.IO connection makes: an existing,
 * active account, a verified email where required, the ADMIN role where needed.
 */
export function accountPermission(
  actor: PermissionActor | undefined,
  rules: Pick<PermissionRules, 'requireEmailVerification'>,
  needs: AccountNeeds = {},
): Permission {
  if (!actor) return refuse('UNAUTHORIZED', 'sessionExpired');
  if (!actor.isActive) return refuse('ACCOUNT_DISABLED', 'accountDisabled');
  if (rules.requireEmailVerification && !actor.emailVerified && !needs.allowUnverified)
    return refuse('EMAIL_NOT_VERIFIED', 'emailNotVerified');
  if (needs.admin && actor.role !== 'ADMIN') return refuse('FORBIDDEN', 'adminOnly');
  return ALLOWED;
}

/**
 * The membership gate: with MEMBERSHIP_REQUIRED only an active membership (the same definition as
 * the chip the user sees) lets a non-admin write. A pending proof does not count: only an
 * administrator's approval opens writes again.
 */
export function membershipAllowsWrites(
  actor: Pick<PermissionActor, 'role' | 'membershipEnd'>,
  rules: Pick<PermissionRules, 'membershipRequired' | 'now'>,
): boolean {
  if (!rules.membershipRequired || actor.role === 'ADMIN') return true;
  return membershipState({ membershipEnd: actor.membershipEnd, hasPendingProof: false }, rules.now).status === 'active';
}

const WRITES: ReadonlySet<LedgerAction> = new Set([
  'addTransaction',
  'editTransaction',
  'setBalances',
  'manageCuentas',
  'rename',
  'manage',
  'reset',
  'restore',
]);

export interface LedgerFacts {
  /** For editTransaction: who created the transaction (null when its author was deleted). */
  authorId?: string | null;
  /** For restore: who made the change being restored (null when their account was deleted). */
  changeAuthorId?: string | null;
}

/**
 * The matrix for a member whose account already passed `accountPermission`: the membership gate
 * on writes first, then the action's own rule. The server's `authorize` and the web's buttons.
 */
export function memberPermission(
  actor: Pick<PermissionActor, 'id' | 'role' | 'membershipEnd'>,
  rules: Pick<PermissionRules, 'membershipRequired' | 'now'>,
  standing: LedgerStanding,
  action: LedgerAction,
  facts: LedgerFacts = {},
): Permission {
  // The viewer first: no membership would let them write, so that is the answer they need.
  // Leaving stays theirs (it is not in WRITES), and so do their own notification settings (not a ledger action).
  if (WRITES.has(action) && standing.soloLectura && !standing.isOwner) return refuse('SOLO_LECTURA', 'soloLectura');
  if (WRITES.has(action) && !membershipAllowsWrites(actor, rules)) return refuse('MEMBERSHIP_INACTIVE', 'membershipInactive');
  const canModifyBalance = standing.isOwner || standing.canModifyBalance;
  switch (action) {
    case 'view':
    case 'addTransaction':
    case 'rename':
      return ALLOWED;
    case 'editTransaction':
      return facts.authorId === actor.id || canModifyBalance ? ALLOWED : refuse('FORBIDDEN', 'notYourTransaction');
    case 'setBalances':
      return canModifyBalance ? ALLOWED : refuse('FORBIDDEN', 'balanceForbidden');
    case 'manageCuentas':
      return canModifyBalance ? ALLOWED : refuse('FORBIDDEN', 'cuentasForbidden');
    case 'manage':
      return standing.isOwner ? ALLOWED : refuse('FORBIDDEN', 'ownerOnly');
    case 'reset':
      return standing.isOwner ? ALLOWED : refuse('FORBIDDEN', 'resetForbidden');
    case 'restore':
      return standing.isOwner || (facts.changeAuthorId != null && facts.changeAuthorId === actor.id)
        ? ALLOWED
        : refuse('FORBIDDEN', 'restoreForbidden');
    case 'leave':
      return standing.isOwner ? refuse('VALIDATION_ERROR', 'ownerCannotLeave') : ALLOWED;
  }
}

/**
 * The whole question "may this actor do this on this ledger": account, then membership of the
 * ledger (404 outside it, so a ledger's existence is never revealed), then the matrix. An
 * administrator is no exception: they see other people's ledgers only through the admin calls.
 */
export function ledgerPermission(
  actor: PermissionActor | undefined,
  rules: PermissionRules,
  standing: LedgerStanding | null,
  action: LedgerAction,
  facts: LedgerFacts = {},
): Permission {
  const account = accountPermission(actor, rules);
  if (!account.allowed || !actor) return account;
  if (!standing) return refuse('NOT_FOUND', 'ledgerNotFound');
  return memberPermission(actor, rules, standing, action, facts);
}

/**
 * A new ledger is a write, with one exception to the gate: a user who belongs to no ledger at all
 * may make one (the dashboard creates that personal ledger by itself; a read-only user needs a
 * ledger to read, and still cannot write in it).
 */
export function createLedgerPermission(actor: PermissionActor | undefined, rules: PermissionRules, memberOfAnyLedger: boolean): Permission {
  const account = accountPermission(actor, rules);
  if (!account.allowed || !actor) return account;
  if (memberOfAnyLedger && !membershipAllowsWrites(actor, rules)) return refuse('MEMBERSHIP_INACTIVE', 'membershipInactive');
  return ALLOWED;
}

/** Joining is a write too, except for someone already in the ledger: their join changes nothing. */
export function joinLedgerPermission(actor: PermissionActor | undefined, rules: PermissionRules, alreadyMember: boolean): Permission {
  const account = accountPermission(actor, rules);
  if (!account.allowed || !actor) return account;
  if (!alreadyMember && !membershipAllowsWrites(actor, rules)) return refuse('MEMBERSHIP_INACTIVE', 'membershipInactive');
  return ALLOWED;
}

const SELF_RULES: Partial<Record<AdminAction, MessageKey>> = {
  deactivate: 'cannotDeactivateSelf',
  setRole: 'cannotChangeOwnRole',
  deleteUser: 'cannotDeleteSelf',
  // Their own email would become unverified and lock them out (issue 17).
  setEmail: 'cannotChangeOwnEmail',
};

/**
 * The administrators' self-rules: an administrator may not deactivate, demote or delete
 * themselves, nor change their own email (so the last one cannot lock everyone out by mistake). Only the rule, for the
 * services that already passed the ADMIN guard.
 */
export function adminSelfPermission(adminId: string, action: AdminAction, targetUserId: string): Permission {
  const rule = SELF_RULES[action];
  return rule && adminId === targetUserId ? refuse('VALIDATION_ERROR', rule) : ALLOWED;
}

/** The whole admin question: an active ADMIN account, then the self-rules. */
export function adminPermission(
  actor: PermissionActor | undefined,
  rules: PermissionRules,
  action: AdminAction,
  targetUserId?: string,
): Permission {
  const account = accountPermission(actor, rules, { admin: true });
  if (!account.allowed || !actor || targetUserId === undefined) return account;
  return adminSelfPermission(actor.id, action, targetUserId);
}
