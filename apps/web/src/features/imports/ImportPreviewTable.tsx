import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { formatNumber, type ImportPreviewRow } from '@arb/shared';

const PAGE = 100;
const ACTION_LABEL = { new: 'Nueva', duplicate: 'Duplicada', skipped: 'Omitida' } as const;

/** A figure of the file in es-ES (issue 36: they showed as "1562.25"), or '—' when the file had none. */
const figure = (v: number | null, max: number) => (v === null ? '—' : formatNumber(v, 2, max));

/**
 * The preview's rows, a page of 100 at a time so a 20,000-row export stays responsive. Quantity,
 * price, total in Bs and fee as Binance lists them, so a trader can compare the two line by line
 * (docs/product.md#binance-import).
 */
export function ImportPreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
  const [page, setPage] = useState(0);
  const shown = rows.slice(page * PAGE, page * PAGE + PAGE);
  return (
    <>
      <Table size="small" aria-label="Órdenes del archivo">
        <TableHead>
          <TableRow>
            <TableCell>Línea</TableCell>
            <TableCell>Orden</TableCell>
            <TableCell>Tipo</TableCell>
            <TableCell align="right">Cantidad (USD)</TableCell>
            <TableCell align="right">Precio (Bs)</TableCell>
            <TableCell align="right">Total (Bs)</TableCell>
            <TableCell align="right">Comisión (USD)</TableCell>
            <TableCell>Fecha</TableCell>
            <TableCell>Resultado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r) => (
            <TableRow key={`${r.line}-${r.orderNumber}`} data-action={r.action}>
              <TableCell>{r.line}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{r.orderNumber}</TableCell>
              <TableCell>{r.type === 'SELL' ? 'Venta' : r.type === 'BUY' ? 'Compra' : '—'}</TableCell>
              <TableCell align="right">{figure(r.quantity, 8)}</TableCell>
              <TableCell align="right">{figure(r.price, 4)}</TableCell>
              <TableCell align="right">{figure(r.total, 2)}</TableCell>
              <TableCell align="right">{figure(r.fee, 8)}</TableCell>
              <TableCell>{r.fecha ?? '—'}</TableCell>
              <TableCell>
                {ACTION_LABEL[r.action]}
                {r.reason && (
                  <Typography variant="caption" sx={{ display: 'block' }} color="textSecondary">
                    {r.reason}
                  </Typography>
                )}
                {r.warnings.map((w) => (
                  <Typography key={w} variant="caption" sx={{ display: 'block' }} color="warning.main">
                    {w}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > PAGE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          onPageChange={(_e, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
        />
      )}
    </>
  );
}
