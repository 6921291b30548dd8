import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';

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
      <Link component={RouterLink} to={`/ledger/${encodeURIComponent(ledgerId)}/history`} underline="hover" color="inherit">
        {ledgerName ?? messages.historyTitle}
      </Link>
      <Typography color="textPrimary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
