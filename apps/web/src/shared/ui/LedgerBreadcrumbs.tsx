import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';

/**
 * On a phone the way back is a finger's target (44 px tall, as every button there — the text alone
 * was 19 px, walk3); from a tablet up it is the text's own height.
 */
export const BREADCRUMB_TAP = { display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 0 } } as const;

/**
 * "{ledger} / {page}" above a ledger's own page (Cuentas, Socios, Reportes): the ledger's name
 * leads back to its history; until the ledger list answers it reads "Historial".
 */
export function LedgerBreadcrumbs({
  ledgerId,
  ledgerName,
  current,
}: {
  ledgerId: string;
  ledgerName: string | undefined;
  current: string;
}) {
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
      <Link
        component={RouterLink}
        to={`/ledger/${encodeURIComponent(ledgerId)}/history`}
        underline="hover"
        color="inherit"
        sx={BREADCRUMB_TAP}
      >
        {ledgerName ?? messages.historyTitle}
      </Link>
      <Typography color="textPrimary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
