import { messages, t } from '@arb/shared';

/** "1 transacción" / "3 transacciones". */
export const txCountLabel = (count: number): string => (count === 1 ? messages.historyTxCountChipOne : t('historyTxCountChip', { count }));

/** "1 día con transacciones" / "12 días con transacciones". */
export const daysChipLabel = (count: number): string => (count === 1 ? messages.historyDaysChipOne : t('historyDaysChip', { count }));
