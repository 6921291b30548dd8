import { memo } from 'react';
import { DrawnAfterPaint } from '../../../shared/lib/after-paint';
import { messages } from '@arb/shared';
import type { Ledger } from '../api/types';
import type { DashboardSelection } from '../hooks/useDashboardParams';
import type { NoticeApi } from '../hooks/useNotice';
import type { UndoOffer } from '../hooks/useUndoOffer';
import { DateField } from './DateField';
import { GroupManagement } from './GroupManagement';
import { LedgerActions } from './LedgerActions';
import { LedgerSelector } from '../../ledgers';
import { RatesPanel } from '../../rates';

interface Props {
  ledger: Ledger;
  /** The day on screen (the settled selection): what the actions act on. */
  fecha: string;
  /** The day chosen (the date field shows it at once, before the selection settles). */
  date: string;
  /** The day's operations, once its own answer is on screen (else the actions wait: `ready`). */
  transactionCount: number;
  ready: boolean;
  isOwner: boolean;
  /** false for a viewer member ("Solo lectura"): the write buttons are hidden. */
  canWrite: boolean;
  online: boolean;
  notice: NoticeApi;
  onSelect(next: DashboardSelection): void;
  offerUndo: UndoOffer['offer'];
}

/**
 * The ledger's tools: actions, date, rates, ledger selector, group management. Memo: every change
 * of the dashboard's state after its first paint (the form arriving, the rates, a notice) drew
 * these ~270 components again although none of their inputs had changed
 * (docs/decisions/0023-plain-rows.md).
 */
export const DashboardTools = memo(function DashboardTools({
  ledger,
  fecha,
  date,
  transactionCount,
  ready,
  isOwner,
  canWrite,
  online,
  notice,
  onSelect,
  offerUndo,
}: Props) {
  return (
    <>
      <LedgerActions
        ledger={ledger}
        fecha={fecha}
        transactionCount={transactionCount}
        ready={ready}
        isOwner={isOwner}
        canWrite={canWrite}
        online={online}
        notice={notice}
        onReset={(day) =>
          offerUndo({ text: messages.ledgerResetSuccess, target: { ledgerId: ledger.id, action: 'LEDGER_DAY_RESET', fecha: day } })
        }
      />
      <DateField value={date} onChange={(d) => onSelect({ date: d })} />
      {/* In three commits, top to bottom: the actions and the date, the rates, the ledger and its group. */}
      <DrawnAfterPaint>
        <RatesPanel />
        <DrawnAfterPaint>
          <LedgerSelector value={ledger.id} onChange={(id) => onSelect({ ledger: id })} />
          <GroupManagement ledger={ledger} isOwner={isOwner} />
        </DrawnAfterPaint>
      </DrawnAfterPaint>
    </>
  );
});
