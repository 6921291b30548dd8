import { messages, t } from '@arb/shared';
import { ht } from '../history-texts';

/** "1 transacción" / "3 transacciones". */
export const txCountLabel = (count: number): string => (count === 1 ? messages.historyTxCountChipOne : t('historyTxCountChip', { count }));

/** "1 día con transacciones" / "12 días con transacciones". */
export const daysChipLabel = (count: number): string => (count === 1 ? messages.historyDaysChipOne : t('historyDaysChip', { count }));

/** "1 movimiento" / "3 movimientos": a day's movements (transfers, aportes, retiros, ajustes). */
export const movCountLabel = (count: number): string => (count === 1 ? ht('datesMovCountOne') : ht('datesMovCount', { count }));

/**
 * The days chip counts the days with transactions, as its words say (docs/product.md#screens); a
 * day listed only for its movements is not one of them.
 */
export const daysWithTransactions = (dates: ReadonlyArray<{ transactionCount: number }>): number =>
  dates.filter((d) => d.transactionCount > 0).length;
