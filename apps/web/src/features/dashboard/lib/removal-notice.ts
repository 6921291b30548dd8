import { t } from '@arb/shared';
import type { RealtimeChange } from '../../realtime';

/**
 * What to tell a user who lost the ledger on screen to someone else's action: an expulsion names
 * the ledger ("Ya no eres miembro de «Caja».", issue 25); anything else says nothing here.
 */
export function removalNotice(change: RealtimeChange, userId: string | undefined, ledgerName: string): string | null {
  if (change.event !== 'member-removed' || change.type !== 'MEMBER_REMOVED') return null;
  if (!userId || change.userId !== userId || change.byUserId === userId) return null;
  return t('noLongerMember', { ledger: ledgerName });
}
