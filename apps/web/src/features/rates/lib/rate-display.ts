import { formatDateTime, formatRate, messages } from '@arb/shared';

/** Venezuelan rates are dated in Caracas time whatever the viewer's zone (BCV publishes by day there). */
export const RATES_TIME_ZONE = 'America/Caracas';

export const isUsableRate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** 236.4567 → "236,4567 Bs"; anything missing or unusable → '---' (docs/product.md#screens). */
export function displayRate(value: unknown): string {
  return isUsableRate(value) ? formatRate(value) : messages.rateMissingValue;
}

/** An update date in es-ES; 'No disponible' when missing, 'Fecha inválida' when unparseable (docs/product.md#screens). */
export function displayRateDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return messages.rateDateMissing;
  if (typeof value !== 'string') return messages.dateInvalid;
  return formatDateTime(value, RATES_TIME_ZONE) ?? messages.dateInvalid;
}

// Built on first use, not as the dashboard's code loads (docs/decisions/0024-entry-and-commit-tasks.md).
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('es-ES', { numeric: 'always' }));

/** How long ago `since` was, in es-ES ("hace 5 minutos", "hace 2 horas", "hace 3 días"). */
export function formatAge(since: string, nowMs: number = Date.now()): string | undefined {
  const then = new Date(since).getTime();
  if (Number.isNaN(then)) return undefined;
  const minutes = Math.max(1, Math.floor((nowMs - then) / 60_000));
  if (minutes < 60) return relative().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return relative().format(-hours, 'hour');
  return relative().format(-Math.floor(hours / 24), 'day');
}
