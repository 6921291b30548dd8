import { memo, type RefObject } from 'react';
import { Chip, GlobalStyles } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { formatBs, formatFee, formatNumber, formatRate, formatUsd, margenChipText, messages, t } from '@arb/shared';
import { Figure } from '../../../shared/ui/Figure';
import { HoverHint, PlainIconButton } from '../../../shared/ui/plain-controls';
import type { TransactionRow as Tx } from '../api/types';

export interface RowActions {
  toggle(tx: Tx, esta_verificada: boolean): void;
  edit(tx: Tx): void;
  remove(tx: Tx): void;
  /** "Repetir": fills the new-transaction form with this row (docs/product.md#repetir); absent for a viewer. */
  repeat?(tx: Tx): void;
}

interface RowProps {
  tx: Tx;
  index: number;
  allowed: boolean;
  checked: boolean;
  /** Shows "Repetir" (anyone who may add transactions; a viewer member may not). */
  repeatable?: boolean;
  /** A verify toggle of this row is queued (docs/product.md#working-offline). */
  pending: boolean;
  online: boolean;
  actions: RefObject<RowActions>;
  /** The row's accounts, "Bs Banesco · USD Binance" (docs/product.md#cuentas-y-movimientos); '' or absent when none. */
  cuentas?: string | undefined;
  /**
   * The day lies in a closed period (docs/decisions/0066): edit, delete and "Repetir" (which fills
   * the form of this same day) are disabled and say this reason. The verify toggle stays: the
   * lock lets it through (migration 0022), it changes no figure of the liquidación.
   */
  closedReason?: string | undefined;
}

/**
 * One transaction of the day, in plain elements styled by DayRowStyles (drawn once by the
 * list), not MUI components: a day of 40 rows drew ~5,600 components whose styles were serialized
 * one by one, the dashboard's longest tasks (Lighthouse TBT, docs/decisions/0023-plain-rows.md).
 * It looks as the MUI version did: the theme's body2, subtitle2 and caption type, colours and
 * divider; MUI's checkbox size and 44 px touch targets on phones.
 */
export const DayRow = memo(function DayRow({
  tx,
  index: i,
  allowed,
  checked,
  pending,
  online,
  actions,
  repeatable = false,
  cuentas,
  closedReason,
}: RowProps) {
  // Edits and deletes need the server's answer (versions, undo): offline they wait (docs/product.md#working-offline).
  // A closed day's reason comes first: it holds whatever the connection.
  const offlineHint = closedReason ?? (online ? undefined : messages.offlineNeedsConnection);
  const closed = closedReason !== undefined;
  const profit = tx.ganancia_transaccion_usd >= 0 ? 'tx-row-profit tx-positive' : 'tx-row-profit tx-negative';
  return (
    <li className="tx-row" data-testid="tx-row" aria-label={`Transacción ${i + 1}`}>
      <div className="tx-row-main">
        <p className="tx-row-number">#{i + 1}</p>
        {tx.venta > 0 && (
          <p>
            Venta: <Figure>{formatUsd(tx.venta)}</Figure> a <Figure>{formatRate(tx.tasa_venta)}</Figure>
            <MarginChip margen={tx.margen_venta} paralelo={tx.mercado?.paralelo} />
          </p>
        )}
        {tx.compra > 0 && (
          <p>
            Compra: <Figure>{formatUsd(tx.compra)}</Figure> a <Figure>{formatRate(tx.tasa_compra)}</Figure>
            <MarginChip margen={tx.margen_compra} paralelo={tx.mercado?.paralelo} />
          </p>
        )}
        {tx.comision_usd > 0 && (
          <p>
            Comisión: <Figure>{formatFee(tx.comision_usd)}</Figure>
          </p>
        )}
        <p className={profit}>
          Ganancia: <Figure>{formatUsd(tx.ganancia_transaccion_usd)}</Figure> · <Figure>{formatBs(tx.ganancia_transaccion_ves)}</Figure>
        </p>
        <p className="tx-muted">
          Acumulado: <Figure>{formatUsd(tx.ganancia_acumulada_usd_hasta_esta_transaccion)}</Figure> ·{' '}
          <Figure>{formatBs(tx.ganancia_acumulada_ves_hasta_esta_transaccion)}</Figure>
        </p>
        {cuentas && (
          <p className="tx-muted" data-testid="tx-row-cuentas">
            {cuentas}
          </p>
        )}
        {tx.notas && <p className="tx-row-notes">{tx.notas}</p>}
        <span className="tx-row-by tx-muted">Registrado por {tx.createdBy?.user_name ?? 'Usuario eliminado'}</span>
        {pending && (
          <div>
            <Chip size="small" color="warning" variant="outlined" label={messages.offlinePending} sx={{ mt: 0.5 }} />
          </div>
        )}
      </div>
      <div className="tx-row-actions">
        <label className={allowed ? 'tx-verify' : 'tx-verify tx-verify-disabled'}>
          <input type="checkbox" checked={checked} disabled={!allowed} onChange={(e) => actions.current.toggle(tx, e.target.checked)} />
          Verificada
        </label>
        {/* Works offline too: it only fills the form, whose "Agregar" queues when there is no connection. */}
        {repeatable && (
          <HoverHint text={closedReason ?? 'Repetir'} reason={closed}>
            <PlainIconButton
              icon="repeat"
              aria-label={`Repetir transacción ${i + 1}`}
              disabled={closed}
              onClick={() => actions.current.repeat?.(tx)}
            />
          </HoverHint>
        )}
        <HoverHint text={offlineHint ?? 'Editar'} reason={!online || closed}>
          <PlainIconButton
            icon="edit"
            aria-label={`Editar transacción ${i + 1}`}
            disabled={!allowed || !online || closed}
            onClick={() => actions.current.edit(tx)}
          />
        </HoverHint>
        <HoverHint text={offlineHint ?? 'Eliminar'} align="end" reason={!online || closed}>
          <PlainIconButton
            icon="delete"
            tone="error"
            aria-label={`Eliminar transacción ${i + 1}`}
            disabled={!allowed || !online || closed}
            onClick={() => actions.current.remove(tx)}
          />
        </HoverHint>
      </div>
    </li>
  );
});

/**
 * The leg's margin against the parallel rate the row met (DESIGN §24, computed by the server): a
 * plain span like the rest of the row (decision 0023), green at or above the market, red below.
 * Written by the shared es-ES formatter, no Intl (decision 0024). Nothing for an unstamped row.
 */
function MarginChip({ margen, paralelo }: { margen: number | undefined; paralelo: number | null | undefined }) {
  if (margen === undefined) return null;
  return (
    <span
      className={margen >= 0 ? 'tx-chip tx-positive' : 'tx-chip tx-negative'}
      data-testid="margen-chip"
      title={paralelo ? t('margenVsParaleloTitle', { paralelo: formatNumber(paralelo, 2, 4) }) : undefined}
    >
      {margenChipText(margen)}
    </span>
  );
}

/** The rows' stylesheet, from the theme (light and dark); the list draws it once. */
export function DayRowStyles() {
  return <GlobalStyles styles={rowStyles} />;
}

function rowStyles(t: Theme) {
  const { palette: p, typography: ty } = t;
  return {
    // The layout MUI's Box props gave: content and controls side by side, wrapping on a phone.
    '.tx-row': {
      display: 'flex',
      flexWrap: 'wrap',
      gap: 8,
      alignItems: 'flex-start',
      justifyContent: 'space-between',
    },
    // Divider with my: 1.5 between rows: 12 px, a 1 px line, 12 px.
    '.tx-row + .tx-row': { marginTop: 12, paddingTop: 12, borderTop: `1px solid ${p.divider}` },
    // A row's text is drawn only near the screen: off it, the browser keeps the row's last drawn
    // height (or ~6 lines before it was ever drawn) and skips its style, layout and paint. A day of
    // 40 rows is ~1,000 elements; below the form on a phone most are off screen, and every style
    // recalculation after the first paint went through all of them
    // (docs/decisions/0024-entry-and-commit-tasks.md). The controls stay outside: their hints are
    // drawn below them, which the containment would clip.
    '.tx-row-main': { minWidth: 0, flex: '1 1 220px', contentVisibility: 'auto', containIntrinsicSize: 'auto none auto 120px' },
    '.tx-row-main > p': { ...ty.body2, margin: 0 },
    '.tx-row-main > p.tx-row-number': { ...ty.subtitle2, margin: 0 },
    '.tx-row-main > p.tx-row-profit': { fontWeight: 600 },
    '.tx-positive': { color: p.success.main },
    '.tx-negative': { color: p.error.main },
    '.tx-muted': { color: p.text.secondary },
    '.tx-row-main > p.tx-row-notes': { fontStyle: 'italic', overflowWrap: 'anywhere' },
    '.tx-row-by': { ...ty.caption },
    // The margin chip (DESIGN §24): an outlined small chip in the colour of its sign.
    '.tx-chip': {
      ...ty.caption,
      display: 'inline-block',
      marginLeft: 8,
      padding: '0 8px',
      borderRadius: 16,
      border: '1px solid currentColor',
      fontWeight: 600,
      whiteSpace: 'nowrap',
    },
    '.tx-row-actions': { display: 'flex', alignItems: 'center' },
    // FormControlLabel around a Checkbox: 42 px box (18 px square, 12 px around), label in body1.
    '.tx-verify': {
      ...ty.body1,
      display: 'inline-flex',
      alignItems: 'center',
      marginLeft: -11,
      marginRight: 16,
      cursor: 'pointer',
      verticalAlign: 'middle',
      WebkitTapHighlightColor: 'transparent',
      '& input': { width: 18, height: 18, margin: 12, accentColor: p.primary.main, cursor: 'inherit' },
      '& input:focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: 2 },
    },
    '.tx-verify-disabled': { color: p.text.disabled, cursor: 'default' },
  };
}
