import { formatBs, formatUsd, messages, type Moneda, type TipoCuenta, type TipoMovimiento } from '@arb/shared';

/** "1.234,50 Bs.S" or "20,00 USD": a figure in the account's currency (packages/shared/src/format.ts). */
export const formatMoneda = (moneda: Moneda, value: number | string): string => (moneda === 'VES' ? formatBs(value) : formatUsd(value));

export const tipoCuentaLabel = (tipo: TipoCuenta): string => messages[`tipoCuenta_${tipo}`];
export const tipoMovLabel = (tipo: TipoMovimiento): string => messages[`tipoMov_${tipo}`];
export const monedaLabel = (moneda: Moneda): string => (moneda === 'VES' ? 'Bs' : 'USD');

/** The value a select uses for Sin asignar (the API's null account). */
export const SIN_ASIGNAR = '';
