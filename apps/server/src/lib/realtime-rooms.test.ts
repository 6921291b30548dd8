import { describe, expect, it } from 'vitest';
import { departingMember, isLedgerRoom, ledgerRoom, toPayload, userRoom } from './realtime-rooms.ts';

describe('realtime rooms and payloads (docs/architecture.md#realtime)', () => {
  it('names rooms by kind and id', () => {
    expect(ledgerRoom('a')).toBe('ledger:a');
    expect(userRoom('b')).toBe('user:b');
    expect(isLedgerRoom('ledger:a')).toBe(true);
    expect(isLedgerRoom('user:a')).toBe(false);
  });

  it('carries ledgerId, type, fecha and byUserId, and leaves out what the event lacks', () => {
    expect(toPayload({ event: 'transaction-updated', ledgerId: 'L', type: 'CREATED', fecha: '2026-03-01', byUserId: 'U' })).toEqual({
      ledgerId: 'L',
      type: 'CREATED',
      fecha: '2026-03-01',
      byUserId: 'U',
    });
    const p = toPayload({ event: 'ledger-updated', ledgerId: 'L', type: 'NAME_UPDATED', byUserId: null });
    expect(p).toEqual({ ledgerId: 'L', type: 'NAME_UPDATED', byUserId: null });
    expect('fecha' in p).toBe(false);
  });

  it('member-removed carries the member concerned', () => {
    expect(toPayload({ event: 'member-removed', ledgerId: 'L', type: 'MEMBER_REMOVED', byUserId: 'O', userId: 'M' })).toMatchObject({
      userId: 'M',
    });
  });

  it.each([
    ['an expelled member', { event: 'member-removed', type: 'MEMBER_REMOVED', userId: 'M' }, 'M'],
    ['a member who left', { event: 'member-removed', type: 'MEMBER_LEFT', userId: 'M' }, 'M'],
    ['a leave announced as a ledger update', { event: 'ledger-updated', type: 'MEMBER_LEFT', userId: 'M' }, 'M'],
    ['a permissions change', { event: 'member-permissions-updated', type: 'PERMISSIONS_UPDATED', userId: 'M' }, undefined],
    ['a member-removed without a member', { event: 'member-removed', type: 'MEMBER_REMOVED' }, undefined],
  ] as const)('%s → departing %s', (_label, e, expected) => {
    expect(departingMember({ ledgerId: 'L', byUserId: 'O', ...e })).toBe(expected);
  });
});
