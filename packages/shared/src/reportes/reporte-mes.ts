import { z } from 'zod/mini';
import { reportesMessages as messages } from './reportes-messages.ts';
import { addDays } from '../days.ts';

/**
 * The month of a report (DESIGN §25): `YYYY-MM`, from 2000-01 (the first year a day key takes) to
 * the current month. One definition for the server's check and the web's picker.
 */
export const MES_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const PRIMER_MES = '2000-01';
export const FORMATOS_REPORTE = ['xlsx', 'pdf', 'json'] as const;
export type FormatoReporte = (typeof FORMATOS_REPORTE)[number];

// zod/mini like the other schemas the web bundles: classic zod would ride into the web's
// validation file with this one (decision 0023).
export const reporteQuerySchema = z.object({
  mes: z
    .string({ error: messages.reporteMesInvalido })
    .check(z.maxLength(7, messages.reporteMesInvalido), z.regex(MES_RE, messages.reporteMesInvalido)),
  formato: z._default(z.enum(FORMATOS_REPORTE, { error: messages.reporteFormatoInvalido }), 'xlsx'),
});

/** "2026-02" → first and last day: {desde: "2026-02-01", hasta: "2026-02-28"}. */
export function monthRange(mes: string): { desde: string; hasta: string } {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  const desde = `${mes}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { desde, hasta: addDays(next, -1) };
}

/** Every calendar day of the month, in order. */
export function daysOfMonth(mes: string): string[] {
  const { desde, hasta } = monthRange(mes);
  const out: string[] = [];
  for (let d = desde; d <= hasta; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The month before `mes` ("2026-01" → "2025-12"): the web's default is the last closed month. */
export function previousMonth(mes: string): string {
  return addDays(`${mes}-01`, -1).slice(0, 7);
}

/** Whether a month may be asked for on `today` (a day key): 2000-01 up to today's month. */
export function mesEnRango(mes: string, today: string): boolean {
  return mes >= PRIMER_MES && mes <= today.slice(0, 7);
}
