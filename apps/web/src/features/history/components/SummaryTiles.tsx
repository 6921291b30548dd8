import { Box, Paper, Typography } from '@mui/material';
import { formatBs, formatDayShort, formatUsd, messages, t } from '@arb/shared';
import { TileFigure } from '../../../shared/ui/Figure';
import type { HistorySummary, HistoryWindow } from '../api/types';

type Tone = 'profit' | 'plain';

function Tile({
  label,
  value,
  tone = 'plain',
  amount = 0,
  testId,
}: {
  label: string;
  value: string;
  tone?: Tone;
  amount?: number;
  testId: string;
}) {
  // SPEC: profit green when 0 or more, red when negative.
  const color = tone === 'profit' ? (amount >= 0 ? 'success.main' : 'error.main') : 'text.primary';
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="textSecondary" component="p">
        {label}
      </Typography>
      <TileFigure value={value} max="1.1rem" sx={{ color, fontWeight: 500 }} />
    </Paper>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {/* minmax(0, …): a column no wider than its share, so a long figure shrinks (TileFigure) instead of widening the page (issue 36). */}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(150px, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function WindowGroup({ title, id, w }: { title: string; id: string; w: HistoryWindow }) {
  return (
    <Group title={title}>
      <Tile
        label={messages.historyProfit}
        value={formatUsd(w.ganancia_total)}
        tone="profit"
        amount={w.ganancia_total}
        testId={`${id}-ganancia`}
      />
      <Tile label={messages.historyTxCount} value={String(w.transacciones_count)} testId={`${id}-count`} />
    </Group>
  );
}

/**
 * The 10 summary tiles of docs/product.md#screens: the ledger's closing balances, total profit and count, then
 * profit and count for the last 7 days, 14 days and this month (profit in USD).
 */
export function SummaryTiles({ summary }: { summary: HistorySummary }) {
  const total = summary.resumen_total;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {/* Which day the total closes on: the balances are as of that day, not of later ones. */}
      <Group title={total.fecha ? t('historyTotalAsOf', { fecha: formatDayShort(total.fecha) }) : messages.historyTotal}>
        <Tile label={messages.historySaldoVes} value={formatBs(total.saldo_ves)} testId="total-saldo-ves" />
        <Tile label={messages.historySaldoUsd} value={formatUsd(total.saldo_usd)} testId="total-saldo-usd" />
        <Tile
          label={messages.historyProfitTotal}
          value={formatUsd(total.ganancia_total)}
          tone="profit"
          amount={total.ganancia_total}
          testId="total-ganancia"
        />
        <Tile label={messages.historyTxCount} value={String(total.transacciones_count)} testId="total-count" />
      </Group>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <WindowGroup title={messages.history7} id="d7" w={summary.resumen_7dias} />
        <WindowGroup title={messages.history14} id="d14" w={summary.resumen_14dias} />
        <WindowGroup title={messages.historyMonth} id="mes" w={summary.resumen_mes} />
      </Box>
    </Box>
  );
}
