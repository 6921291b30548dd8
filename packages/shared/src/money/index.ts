/** The money API of docs/product.md#money: exact decimal helpers and the transaction/day rules. */
export {
  Big,
  ROUND_HALF_UP,
  decimalPlaces,
  roundHalfUp,
  toBig,
  toBigOrZero,
  toFixedString,
  toNumber,
  tryBig,
  type DecimalInput,
} from './decimal.ts';
export {
  canPreviewCreate,
  canPreviewEdit,
  computeDay,
  summarizeDay,
  computeTransaction,
  previewCreateProfit,
  previewEditProfit,
  type DayBase,
  type DaySums,
  type DayResult,
  type DayRowFigures,
  type DayRowInput,
  type TransactionAmounts,
  type TransactionFigures,
} from './transaction-math.ts';
export { padDecimals, toInputText } from './input-text.ts';
export {
  averageMarginRatio,
  daySpreadFromTotals,
  daySpreadPercent,
  margenChipText,
  marginPercent,
  purchaseMarginRatio,
  rowMargins,
  saleMarginRatio,
  type MarginRow,
  type RowMargins,
} from './margins.ts';
export { rateOfDay, ratesOfDays, type RateDayCandidate, type RateOfDay } from './rate-of-day.ts';
export { FIGURE_MAX, oversizedFigure } from './figure-limit.ts';
export {
  AMOUNT_DECIMALS,
  FEE_DECIMALS,
  RATE_DECIMALS,
  formatAmountInput,
  parseAmount,
  typedAmount,
  type ParsedAmount,
} from './parse-amount.ts';
export { RATE_WARNING_FACTOR, farRateQuestions, rateFarFromMarket, rateWarningText, type RateWarning } from './rate-warning.ts';
export {
  AVERAGE_COST_DP,
  FLAT,
  unrealized,
  walkAverageCost,
  type AverageCostRow,
  type AverageCostRowFigures,
  type AverageCostState,
  type AverageCostWalk,
  type UnrealizedFigures,
} from './average-cost.ts';
export {
  MONEDAS,
  SENTIDOS,
  TIPOS_CUENTA,
  TIPOS_MOVIMIENTO,
  movementDirection,
  movementFlows,
  movementNet,
  movementShapeError,
  movimientosNetos,
  nombreClave,
  saldoCuenta,
  sinAsignar,
  transactionFlows,
  type Flow,
  type Moneda,
  type MovementFlowInput,
  type MovementShapeError,
  type Sentido,
  type TipoCuenta,
  type TipoMovimiento,
  type TransactionFlowInput,
} from './cuentas.ts';
