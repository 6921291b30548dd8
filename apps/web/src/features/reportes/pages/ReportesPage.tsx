import { LedgerBreadcrumbs } from '../../../shared/ui/LedgerBreadcrumbs';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, Container, Stack, TextField, Typography } from '@mui/material';
import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { useParams, useSearchParams } from 'react-router';
import { MES_RE, PRIMER_MES, messages, monthRange, previousMonth, todayKey, type Ledger, reportesMessages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { ledgersQueryOptions } from '../../ledgers';
import { useReporteMensual } from '../api/get-reporte-mensual';
import { Descargas } from '../components/Descargas';
import { ProfitChart } from '../components/ProfitChart';
import { RatesChart } from '../components/RatesChart';
import { ResumenMes } from '../components/ResumenMes';
import { useDownload } from '../hooks/use-download';

/**
 * /ledger/:ledgerId/reportes (DESIGN §25, docs/product.md#reportes): a month's figures, its profit
 * per day and its rates, and the workbook and PDF to download. The default month is the last
 * whole one (the one an accountant asks for).
 */
export default function ReportesPage() {
  const ledgerId = useParams().ledgerId ?? '';
  const ledger = useQuery({ ...ledgersQueryOptions(), select: (list: Ledger[]) => list.find((l) => l.id === ledgerId) ?? null });
  const hoy = todayKey();
  const actual = hoy.slice(0, 7);
  // The month lives in the address (?mes=2026-11), as the Cuentas page keeps its account filter
  // (decision 0060): "back" from another page returns to the month chosen, and it can be shared.
  // Without one (or with one the picker would refuse) it is the last whole month.
  const [params, setParams] = useSearchParams();
  const pedido = params.get('mes') ?? '';
  const valido = (m: string) => MES_RE.test(m) && m >= PRIMER_MES && m <= actual;
  const mes = valido(pedido) ? pedido : previousMonth(actual);
  const setMes = (m: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('mes', m);
      return next;
    });
  const reporte = useReporteMensual(ledgerId, mes);
  const { state, start } = useDownload(ledgerId, mes);
  const { desde, hasta } = monthRange(mes);

  let body: React.ReactNode;
  if (reporte.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={messages.cuentasLoading} />
      </Box>
    );
  // A failed read says which (a dropped connection too, not the generic "al procesar la solicitud",
  // which the download's own failure would repeat beside it) and offers "Reintentar".
  else if (reporte.isError)
    body = (
      <RetryAlert
        message={errorMessage(reporte.error, reportesMessages.reportesErrorCarga, reportesMessages.reportesErrorCarga)}
        onRetry={() => void reporte.refetch()}
        retrying={reporte.isFetching}
      />
    );
  else
    body = (
      <Stack spacing={2}>
        {reporte.data.resumen.operaciones === 0 && <Alert severity="info">{reportesMessages.reportesSinDatos}</Alert>}
        <ResumenMes reporte={reporte.data} />
        <ProfitChart dias={reporte.data.dias} desde={desde} hasta={hasta} />
      </Stack>
    );

  return (
    <Container component="main" maxWidth="md" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
      <LedgerBreadcrumbs ledgerId={ledgerId} ledgerName={ledger.data?.name} current={reportesMessages.reportesTitulo} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {reportesMessages.reportesTitulo}
      </Typography>
      <Stack spacing={2}>
        <TextField
          type="month"
          label={reportesMessages.reportesMesLabel}
          value={mes}
          onChange={(e) => {
            // A half-typed or out-of-range month keeps the last good one (the server would refuse it).
            if (valido(e.target.value) && e.target.value !== mes) setMes(e.target.value);
          }}
          slotProps={{ htmlInput: { min: PRIMER_MES, max: actual, 'data-testid': 'mes' }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 220 }}
          size="small"
        />
        <Descargas state={state} onDownload={(f) => void start(f)} />
        {body}
        {/* The current month's rates stop at today: the server carries the last rate into days still to come. */}
        <RatesChart desde={desde} hasta={hasta < hoy ? hasta : hoy} />
      </Stack>
    </Container>
  );
}
