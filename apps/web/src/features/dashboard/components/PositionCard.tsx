import type { ReactNode } from 'react';
import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import { formatBs, formatRate, formatUsd, messages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { usePosition } from '../api/get-position';
import { FigureLine } from '../../../shared/ui/Figure';

/**
 * The card keeps the height of its row of figures from the start: on a desktop it sits above the
 * new-transaction form and the day's list, and its answer comes after the list has painted
 * (DashboardView `later`), so a body that grew from nothing to its figures moved both by ~72–92
 * px (docs/decisions/0019-dashboard-first-paint.md "Nothing moves when the rate and the position
 * arrive"). A row of empty figures of the real ones' shape (`Figure` without an id: the same padding and
 * lines, so the same height at every width, in any font) stays under the answer in the same grid
 * cell: pulsing while the answer is awaited, hidden once it is there. A flat position or an error
 * is centred in that height; figures stretch to it. Three in a row from 600 px, one below.
 */
const FIGURE_COLUMNS = { xs: '1fr', sm: 'repeat(3, 1fr)' } as const;

/**
 * docs/product.md#profit-method-and-position's "Posición" card: the open position at the end of the day shown, its average rate
 * and the unrealized profit at the reference rate it names ("sin posición abierta" when flat).
 * Its own component so the dashboard's layout can place it anywhere.
 */
export function PositionCard({ ledgerId, fecha, enabled = true }: { ledgerId: string | undefined; fecha: string; enabled?: boolean }) {
  // `enabled`: the dashboard asks once its day's list has painted (docs/decisions/0019-dashboard-first-paint.md).
  const position = usePosition(ledgerId, fecha, enabled);
  const p = position.data;
  const waiting = !p && !position.isError;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="position-title" aria-busy={waiting ? 'true' : undefined} sx={{ p: 2 }}>
      <Typography id="position-title" variant="h6" component="h2" gutterBottom>
        Posición
      </Typography>
      <Box sx={{ display: 'grid', '& > *': { gridArea: '1 / 1', minWidth: 0 } }}>
        <Box
          aria-hidden="true"
          data-testid={waiting ? 'position-loading' : undefined}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: FIGURE_COLUMNS, visibility: waiting ? 'visible' : 'hidden' }}
        >
          {[0, 1, 2].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              width="100%"
              animation={waiting ? 'pulse' : false}
              sx={{ borderRadius: 2, display: i === 0 ? 'block' : { xs: 'none', sm: 'block' } }}
            >
              <Figure label={<TwoLines first={'\u00a0'} second={'\u00a0'} />} value={['\u00a0']} />
            </Skeleton>
          ))}
        </Box>
        {position.isError && !p && (
          <Alert severity="error" sx={{ alignSelf: 'center' }}>
            {errorMessage(position.error, messages.positionError)}
          </Alert>
        )}
        {p &&
          (p.posicion_usd === 0 ? (
            <Typography color="textSecondary" data-testid="position-flat" sx={{ alignSelf: 'center' }}>
              Sin posición abierta
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: FIGURE_COLUMNS }}>
              <Figure
                label="Posición abierta"
                id="open"
                value={[formatUsd(p.posicion_usd), p.posicion_usd > 0 ? '(comprados)' : '(vendidos)']}
              />
              <Figure label="Costo promedio" id="average" value={[`${formatRate(p.costo_promedio)}/USD`]} />
              <Figure
                label={
                  p.referencia ? (
                    <TwoLines first="Ganancia no realizada" second={`(tasa ${p.referencia.fuente} ${formatRate(p.referencia.tasa)})`} />
                  ) : (
                    'Ganancia no realizada'
                  )
                }
                id="unrealized"
                value={
                  p.no_realizado_usd === null || p.no_realizado_ves === null
                    ? ['Sin tasa de referencia']
                    : [`${formatUsd(p.no_realizado_usd)} ·`, formatBs(p.no_realizado_ves)]
                }
              />
            </Box>
          ))}
      </Box>
    </Paper>
  );
}

/**
 * A figure's box and lines; without `id`, an empty one of the same height (the card's placeholder row).
 * `value`: its parts, each whole on a line (FigureLine, issue 36).
 */
function Figure({ label, id, value }: { label: ReactNode; id?: string; value: string[] }) {
  const labelId = id && `position-${id}`;
  return (
    <Box
      {...(id ? { role: 'group', 'aria-labelledby': labelId } : {})}
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }}
    >
      <Typography id={labelId} variant="caption" color="textSecondary">
        {label}
      </Typography>
      <FigureLine parts={value} max="1rem" testId={id && `position-${id}`} sx={VALUE} />
    </Box>
  );
}

const VALUE = { fontWeight: 600, lineHeight: 1.5 } as const;

/**
 * The unrealized profit's caption: the rate it uses on its own line at every width, so the row's
 * height does not depend on where a long caption wraps (the placeholder row has these two lines).
 * Read as one text: "Ganancia no realizada (tasa paralelo 310,50 Bs)".
 */
function TwoLines({ first, second }: { first: string; second: string }) {
  return (
    <>
      {first}{' '}
      <Box component="span" sx={{ display: 'block' }}>
        {second}
      </Box>
    </>
  );
}
