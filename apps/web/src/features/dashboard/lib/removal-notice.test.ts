import { describe, expect, it } from 'vitest';
import type { RealtimeChange } from '../../realtime';
import { removalNotice } from './removal-notice';

const change = (over: Partial<RealtimeChange>): RealtimeChange => ({
  event: 'member-removed',
  type: 'MEMBER_REMOVED',
  ledgerId: 'l1',
  byUserId: 'owner',
  userId: 'me',
  ...over,
});

describe('removalNotice (issue 25)', () => {
  it.each<[string, Partial<RealtimeChange>, string | null]>([
    ['the owner expelled me', {}, 'Ya no eres miembro de «Caja Ñandú».'],
    ['I left by myself (the dialog says so)', { type: 'MEMBER_LEFT', byUserId: 'me' }, null],
    ['someone else was expelled', { userId: 'other' }, null],
    ['another event', { event: 'ledger-updated', type: 'DELETED' }, null],
  ])('%s', (_name, over, expected) => {
    expect(removalNotice(change(over), 'me', 'Caja Ñandú')).toBe(expected);
  });
});
