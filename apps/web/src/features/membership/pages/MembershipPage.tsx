import { SuccessSnackbar, useSuccessMessage } from '../../../shared/ui/SuccessSnackbar';
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';
import { useMyMembership } from '../api/get-my-membership';
import { ContactCard } from '../components/ContactCard';
import { NotificationsCard } from '../components/NotificationsCard';
import { ProofsCard } from '../components/ProofsCard';
import { StatusCard } from '../components/StatusCard';
import { actionError } from '../lib/action-error';
import { SecurityCard } from '../components/SecurityCard';
import { OfflineStatus } from '../../../shared/offline/OfflineStatus';
import { BinanceCard } from '../../binance';

/** docs/product.md#screens /membership: 'Mi Membresía', at most 800 px wide. */
export default function MembershipPage() {
  const membership = useMyMembership();
  const success = useSuccessMessage();
  const [error, setError] = useState<string | null>(null);

  return (
    <Box component="main" sx={{ maxWidth: 800, mx: 'auto', px: 2, py: 3 }}>
      <OfflineStatus />
      <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Volver al Dashboard
      </Button>
      <Typography variant="h4" component="h1" gutterBottom>
        Mi Membresía
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {membership.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 4 }}>
          <CircularProgress aria-label="Cargando membresía" />
        </Box>
      )}
      {membership.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {actionError(membership.error, messages.membershipLoadError, messages.membershipConnectionError)}
        </Alert>
      )}
      {membership.data && (
        <>
          <StatusCard info={membership.data} />
          <ContactCard info={membership.data} onSaved={success.show} onError={setError} />
        </>
      )}
      <NotificationsCard onSaved={success.show} onError={setError} />
      <ProofsCard onDone={success.show} onError={setError} />
      <SecurityCard onDone={success.show} onError={setError} />
      {/* Next to Seguridad (docs/product.md#binance-sync). */}
      <BinanceCard onDone={success.show} onError={setError} />
      <SuccessSnackbar message={success.message} onClose={success.clear} />
    </Box>
  );
}
