import { useQuery } from '@tanstack/react-query';
import { messages, type PnlResponse } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { historyKeys } from './keys';

/** GET /api/ledgers/:id/pnl (docs/product.md#profit-method-and-position, always average cost), the last 30 days by default. */
export const usePnl = (ledgerId: string) =>
  useQuery({
    queryKey: [...historyKeys.ledger(ledgerId), 'pnl'],
    queryFn: ({ signal }) => api<PnlResponse>(`/api/ledgers/${encodeURIComponent(ledgerId)}/pnl`, messages.pnlError, { signal }),
  });
