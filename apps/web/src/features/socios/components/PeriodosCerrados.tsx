import { useState } from 'react';
import { Alert, Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { formatDayShort, formatUsd, messages, t, type LiquidacionCerrada } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { OnlineConfirmDialog } from '../../../shared/ui/OnlineConfirmDialog';
import { FigureText } from '../../../shared/ui/Figure';
import { useReabrirPeriodo } from '../api/socios';

/** The closed periods, newest first; the owner may reopen the latest (docs/product.md#socios-y-liquidacion). */
export function PeriodosCerrados({
  ledgerId,
  list,
  canClose,
  onPick,
  onReopened,
}: {
  ledgerId: string;
  list: LiquidacionCerrada[];
  canClose: boolean;
  onPick(l: LiquidacionCerrada): void;
  onReopened(): void;
}) {
  const [asking, setAsking] = useState<LiquidacionCerrada | null>(null);
  const reabrir = useReabrirPeriodo(ledgerId);
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {messages.sociosCerradosTitle}
      </Typography>
      {reabrir.isError && <Alert severity="error">{errorMessage(reabrir.error, messages.sociosReabrirError)}</Alert>}
      {list.length === 0 ? (
        <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
          {messages.sociosSinCerrados}
        </Typography>
      ) : (
        <List dense>
          {list.map((l, i) => (
            <ListItem
              key={l.id}
              secondaryAction={
                canClose && i === 0 ? (
                  <Button size="small" onClick={() => setAsking(l)}>
                    {messages.sociosReabrir}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Button size="small" onClick={() => onPick(l)} sx={{ p: 0, minWidth: 0, textTransform: 'none' }}>
                    {`${formatDayShort(l.desde)} – ${formatDayShort(l.hasta)}`}
                  </Button>
                }
                secondary={<FigureText text={`${messages.sociosResultado}: ${formatUsd(l.liquidacion.resultado_usd)}`} />}
              />
            </ListItem>
          ))}
        </List>
      )}
      {asking && (
        <OnlineConfirmDialog
          title={t('sociosReabrirTitle', { desde: formatDayShort(asking.desde), hasta: formatDayShort(asking.hasta) })}
          text={messages.sociosReabrirTexto}
          confirmLabel={messages.sociosReabrir}
          busy={reabrir.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            reabrir.mutate(asking.id, {
              onSettled: () => setAsking(null),
              onSuccess: onReopened,
            })
          }
        />
      )}
    </Paper>
  );
}
