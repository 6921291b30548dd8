import { z } from 'zod';

/** The two rates the dashboard panel shows (docs/product.md#screens, docs/product.md#rates-and-export). */
export const RATE_PANELS = ['oficial', 'paralelo'] as const;
export type RatePanel = (typeof RATE_PANELS)[number];

/**
 * `GET /api/rates/oficial|paralelo` (docs/api.md). `fechaActualizacion` is the upstream's own
 * update instant (null when it gives none); `obtenidoEn` is when the server got the value from
 * the upstream, so a `stale` answer can say how old it is.
 */
export const rateAnswerSchema = z.object({
  promedio: z.number(),
  fechaActualizacion: z.string().nullable(),
  fuente: z.string(),
  stale: z.boolean(),
  obtenidoEn: z.string(),
});
export type RateAnswer = z.infer<typeof rateAnswerSchema>;
