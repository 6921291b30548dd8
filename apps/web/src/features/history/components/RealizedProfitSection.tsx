import { Alert, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatBs, formatDayShort, formatRate, formatUsd, messages, type MetodoGanancia } from '@arb/shared';
import { ht } from '../history-texts';
import { errorMessage } from '../../../shared/lib/api-client';
import { usePnl } from '../api/get-pnl';

/**
 * docs/product.md#profit-method-and-position on the ledger history: the realized profit per day (average cost, last 30 days) and
 * the "Ganancia por miembro" table, each member's separate book.
 */
export function RealizedProfitSection({ ledgerId, metodo }: { ledgerId: string; metodo: MetodoGanancia }) {
  const pnl = usePnl(ledgerId);
  if (pnl.isError) return <Alert severity="warning">{errorMessage(pnl.error, messages.pnlError)}</Alert>;
  if (!pnl.data) return null;
  const { dias, por_miembro } = pnl.data;
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="realized-title" sx={{ p: 2 }}>
        <Typography id="realized-title" variant="h6" component="h2" gutterBottom>
          Ganancia realizada por día
        </Typography>
        {/* Under por operación the page's daily profit (100,00 USD) and this walk's (13,53 USD) differ
            for the same day: say why next to it (walk3). */}
        {metodo === 'por_operacion' && (
          <Typography id="realized-note" variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {ht('pnlCostoPromedioNote')}
          </Typography>
        )}
        <TableContainer>
          <Table
            size="small"
            aria-labelledby="realized-title"
            {...(metodo === 'por_operacion' ? { 'aria-describedby': 'realized-note' } : {})}
          >
            <TableHead>
              <TableRow>
                <TableCell>Fecha</TableCell>
                <TableCell align="right">Operaciones</TableCell>
                <TableCell align="right">Realizado ($)</TableCell>
                <TableCell align="right">Realizado (Bs)</TableCell>
                <TableCell align="right">Posición</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...dias].reverse().map((d) => (
                <TableRow key={d.fecha}>
                  <TableCell>{formatDayShort(d.fecha)}</TableCell>
                  <TableCell align="right">{d.operaciones}</TableCell>
                  <TableCell align="right">{formatUsd(d.realizado_usd)}</TableCell>
                  <TableCell align="right">{formatBs(d.realizado_ves)}</TableCell>
                  <TableCell align="right">
                    {d.posicion_usd === 0 ? '—' : `${formatUsd(d.posicion_usd)} @ ${formatRate(d.costo_promedio)}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="members-profit-title" sx={{ p: 2 }}>
        <Typography id="members-profit-title" variant="h6" component="h2" gutterBottom>
          Ganancia por miembro
        </Typography>
        <TableContainer>
          <Table size="small" aria-labelledby="members-profit-title" aria-describedby="members-profit-note">
            <TableHead>
              <TableRow>
                <TableCell>Miembro</TableCell>
                <TableCell align="right">Operaciones</TableCell>
                <TableCell align="right">Realizado ($)</TableCell>
                <TableCell align="right">Realizado (Bs)</TableCell>
                <TableCell align="right">Posición abierta</TableCell>
                <TableCell align="right">Costo promedio</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {por_miembro.map((m) => (
                <TableRow key={m.userId}>
                  <TableCell>{m.user_name}</TableCell>
                  <TableCell align="right">{m.operaciones}</TableCell>
                  <TableCell align="right">{formatUsd(m.realizado_usd)}</TableCell>
                  <TableCell align="right">{formatBs(m.realizado_ves)}</TableCell>
                  <TableCell align="right">{formatUsd(m.posicion_usd)}</TableCell>
                  <TableCell align="right">{m.posicion_usd === 0 ? '—' : formatRate(m.costo_promedio)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {/* issue 36: 32,36 + 8,75 ≠ 39,84 needs its reason next to it (docs/product.md#profit-method-and-position). */}
        <Typography id="members-profit-note" variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {messages.pnlMembersNote}
        </Typography>
      </Paper>
    </>
  );
}
