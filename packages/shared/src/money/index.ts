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
