import { useQuery } from '@tanstack/react-query';
import type { Ledger } from '@arb/shared';
import { ledgersQueryOptions } from '../../ledgers';

/**
 * The ledger with that id among the user's ledgers (there is no single-ledger read); `data` is
 * null when it is not one of them. The ledgers feature's list query: one cache for every screen.
 */
export const useLedger = (ledgerId: string) =>
  useQuery({ ...ledgersQueryOptions(), select: (list: Ledger[]) => list.find((l) => l.id === ledgerId) ?? null });
