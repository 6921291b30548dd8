import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import type { ImportPreviewRow } from '@arb/shared';

const PAGE = 100;
const ACTION_LABEL = { new: 'Nueva', duplicate: 'Duplicada', skipped: 'Omitida' } as const;

/** The preview's rows, a page of 100 at a time so a 20,000-row export stays responsive. */
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
            <TableCell align="right">Cantidad</TableCell>
            <TableCell align="right">Precio</TableCell>
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
              <TableCell align="right">{r.quantity ?? '—'}</TableCell>
              <TableCell align="right">{r.price ?? '—'}</TableCell>
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
