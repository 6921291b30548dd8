import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, Divider, Typography } from '@mui/material';
import { formatRate, formatUsd, messages, t } from '@arb/shared';
import { Figure } from '../../../shared/ui/Figure';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { offlineQueue } from '../../../shared/offline/offline';
import type { QueuedOp } from '../../../shared/offline/queue';
import { rowCuentasText } from '../../../shared/lib/cuenta-names';

type CuentaIds = { cuenta_ves_id?: string | undefined; cuenta_usd_id?: string | undefined };

// Loaded when "Editar" is pressed: its fields need react-hook-form, which the day's first paint
// does not (docs/decisions/0019-dashboard-first-paint.md "The form after the day's list").
const QueuedEditDialog = lazy(() => import('./QueuedEditDialog').then((m) => ({ default: m.QueuedEditDialog })));

type Amount = string | number | null | undefined;
const positive = (v: Amount) => v !== undefined && v !== null && v !== '' && Number(v) > 0;

/**
 * The day's queued items (docs/product.md#working-offline), below the server's rows and apart from them: a new
 * transaction waiting shows its values and preview profit, marked "Pendiente de sincronizar"; a
 * rejected one "No sincronizada: <error>" with "Editar" and "Descartar". A rejected verify toggle
 * shows here too; a waiting one shows on its row.
 */
export function QueuedRows({
  ops,
  startIndex,
  cuentaNames,
}: {
  ops: readonly QueuedOp[];
  startIndex: number;
  /** Account names of the day's answer: a queued create names its accounts (docs/product.md#cuentas-y-movimientos). */
  cuentaNames?: ReadonlyMap<string, string> | undefined;
}) {
  const [editing, setEditing] = useState<QueuedOp | null>(null);
  const [discarding, setDiscarding] = useState<QueuedOp | null>(null);
  return (
    <>
      {ops.map((op, i) => (
        <Box component="li" key={op.opId} data-testid="queued-row" aria-label={messages.offlinePending}>
          {startIndex + i > 0 && <Divider sx={{ my: 1.5 }} />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
              {op.kind === 'create' ? (
                <>
                  {positive(op.input.venta) && (
                    <Typography variant="body2">
                      Venta: <Figure>{formatUsd(op.input.venta ?? 0)}</Figure> a <Figure>{formatRate(op.input.tasa_venta ?? 0)}</Figure>
                    </Typography>
                  )}
                  {positive(op.input.compra) && (
                    <Typography variant="body2">
                      Compra: <Figure>{formatUsd(op.input.compra ?? 0)}</Figure> a <Figure>{formatRate(op.input.tasa_compra ?? 0)}</Figure>
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ color: op.ganancia >= 0 ? 'success.main' : 'error.main', fontWeight: 600 }}>
                    Ganancia estimada: <Figure>{formatUsd(op.ganancia)}</Figure>
                  </Typography>
                  {cuentaNames && rowCuentasText(op.input as CuentaIds, cuentaNames) && (
                    <Typography variant="body2" color="textSecondary" data-testid="queued-row-cuentas">
                      {rowCuentasText(op.input as CuentaIds, cuentaNames)}
                    </Typography>
                  )}
                  {op.input.notas && (
                    <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                      {op.input.notas}
                    </Typography>
                  )}
                </>
              ) : (
                <Typography variant="body2">{op.esta_verificada ? 'Marcar como verificada' : 'Quitar verificación'}</Typography>
              )}
              {op.status === 'failed' ? (
                <Typography variant="body2" color="error" role="alert">
                  {t('offlineFailed', { error: op.error ?? messages.requestError })}
                </Typography>
              ) : (
                <Chip size="small" color="warning" variant="outlined" label={messages.offlinePending} sx={{ mt: 0.5 }} />
              )}
            </Box>
            {op.status === 'failed' && (
              <Box sx={{ display: 'flex', gap: 1 }}>
                {op.kind === 'create' && (
                  <Button size="small" onClick={() => setEditing(op)}>
                    Editar
                  </Button>
                )}
                <Button size="small" color="error" onClick={() => setDiscarding(op)}>
                  Descartar
                </Button>
              </Box>
            )}
          </Box>
        </Box>
      ))}
      {editing?.kind === 'create' && (
        <Suspense fallback={null}>
          <QueuedEditDialog op={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {discarding && (
        <ConfirmDialog
          title="Descartar operación"
          text={messages.offlineDiscardConfirm}
          confirmLabel="Descartar"
          onConfirm={() => {
            void offlineQueue.discard(discarding.opId);
            setDiscarding(null);
          }}
          onCancel={() => setDiscarding(null)}
        />
      )}
    </>
  );
}
