import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../api/types';
import { canRestore } from './can-restore';

const now = Date.parse('2026-11-23T12:00:00Z');
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  action: 'TRANSACTION_DELETED',
  entityId: 'x',
  fecha: '2026-11-20',
  before: null,
  after: null,
  createdAt: '2026-11-22T12:00:00Z',
  restoredAt: null,
  user: { id: 'ana', user_name: 'Ana' },
  ...over,
});

describe('canRestore (docs/product.md#undo)', () => {
  it.each([
    ['the author of a delete', entry({}), { userId: 'ana', isOwner: false }, true],
    ['the owner, for someone else’s reset', entry({ action: 'LEDGER_DAY_RESET' }), { userId: 'olga', isOwner: true }, true],
    ['another member', entry({}), { userId: 'beto', isOwner: false }, false],
    // A viewer ("Solo lectura") restores nothing, not even their own earlier change: it would answer 403 SOLO_LECTURA.
    ['the author, now a viewer', entry({}), { userId: 'ana', isOwner: false, soloLectura: true }, false],
    // Decision 0059: a capital registration is undone by the owner only, not by a former owner who made it.
    ['the owner, for a capital registration', entry({ action: 'CAPITAL_INICIAL_REGISTRADO' }), { userId: 'olga', isOwner: true }, true],
    ['its author, no longer the owner', entry({ action: 'CAPITAL_INICIAL_REGISTRADO' }), { userId: 'ana', isOwner: false }, false],
    ['an edit (not restorable)', entry({ action: 'TRANSACTION_UPDATED' }), { userId: 'ana', isOwner: true }, false],
    ['an entry already restored', entry({ restoredAt: '2026-11-22T13:00:00Z' }), { userId: 'ana', isOwner: true }, false],
    // 2026-10-23T11:59 is 31 days and 1 minute before now: outside the 30 days.
    ['a change older than 30 days', entry({ createdAt: '2026-10-23T11:59:00Z' }), { userId: 'ana', isOwner: true }, false],
    // 2026-10-24T12:00 is exactly 30 days before now: still inside.
    ['a change exactly 30 days old', entry({ createdAt: '2026-10-24T12:00:00Z' }), { userId: 'ana', isOwner: true }, true],
  ])('%s', (_name, e, viewer, expected) => {
    expect(canRestore(e, viewer, now)).toBe(expected);
  });
});
