import { memo, Suspense } from 'react';
import { importWhenOnline } from '../../../shared/lib/import-when-online';
import { preloadable } from '../../../shared/lib/preloadable';
import { useParallelRateState } from '../../rates';
import { TransactionFormPlaceholder } from './TransactionFormPlaceholder';
import type { RepeatDraft } from '../lib/repeat-draft';

/**
 * The new-transaction form, loaded and drawn once the day's list has painted: its code
 * (react-hook-form, MUI's text fields, ~20 KB compressed) and its render (five text fields) came
 * before the list's first paint, the dashboard's Largest Contentful Paint on a phone
 * (docs/decisions/0019-dashboard-first-paint.md "The form after the day's list"). Until then
 * TransactionFormPlaceholder keeps its place and height.
 */
// Offline before it arrived (a flaky connection at start), it waits for the connection instead of
// failing into the error boundary (shared/lib/import-when-online.ts).
// Preloadable: once its code is there it renders without a Suspense fallback, whose commit would
// hold back the next reveal by 300 ms (docs/decisions/0025-no-suspense-on-the-first-screen.md).
export const TransactionFormCode = preloadable(() => importWhenOnline(() => import('./TransactionForm')).then((m) => m.TransactionForm));

interface Props {
  ledgerId: string;
  fecha: string;
  onError(err: unknown, fallback: string, connectionFallback?: string): void;
  /** Whether to ask for the parallel rate it offers (the dashboard asks once its day's list has painted). */
  askRate: boolean;
  /** The last "Repetir" pressed on a row of the day (docs/product.md#repetir). */
  repeat?: RepeatDraft | null;
  /** The day lies in a closed period: the form is disabled and says this (docs/decisions/0066). */
  closedReason?: string | undefined;
}

/**
 * The form with the parallel rate it offers. The rate is read here, not by the dashboard: a
 * query's answer redraws whoever reads it in one blocking render (useSyncExternalStore), and read
 * by the dashboard, the rate's arrival redrew the whole screen, its list included; here it redraws
 * the form. Memo: the dashboard's own redraws pass the same props and leave the form as it is
 * (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
 */
export const NewTransactionForm = memo(function NewTransactionForm({
  ledgerId,
  fecha,
  onError,
  askRate,
  repeat = null,
  closedReason,
}: Props) {
  // A past day offers that day's parallel rate, today the live one (use-parallel-rate.ts, decision 0066).
  const parallelRate = useParallelRateState(askRate, fecha);
  return (
    <Suspense fallback={<TransactionFormPlaceholder />}>
      <TransactionFormCode
        ledgerId={ledgerId}
        fecha={fecha}
        onError={onError}
        parallelRate={parallelRate.rate}
        parallelRateMissing={parallelRate.missing}
        repeat={repeat}
        closedReason={closedReason}
      />
    </Suspense>
  );
});
