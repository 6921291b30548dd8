import { formatDayShort } from './format.ts';

/**
 * 409 PERIODO_CERRADO's text, naming the period (DESIGN §22); the dashboard writes it over a closed
 * day (decision 0066). Out of schemas/: the dashboard's first screen must not load the form
 * validation file that holds the schemas (e2e/phone.e2e.ts, docs/decisions/0023-plain-rows.md).
 */
export function periodoCerradoTexto(desde: string, hasta: string): string {
  return `Este día pertenece a un período liquidado (${formatDayShort(desde)} – ${formatDayShort(hasta)})`;
}
