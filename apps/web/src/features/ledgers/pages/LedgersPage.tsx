import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { messages, todayKey, type Ledger } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { errorMessage, isPlainForbidden } from '../../../shared/lib/api-client';
import { useLedgers } from '../api/get-ledgers';
import { CreateLedgerDialog } from '../components/CreateLedgerDialog';
import { GroupManagementDialog } from '../components/GroupManagementDialog';
import { InviteLinkDialog } from '../components/InviteLinkDialog';
import { LedgerCard } from '../components/LedgerCard';
import { ledgerPermissions } from '../../../shared/lib/ledger-permissions';
import { OfflineStatus } from '../../../shared/offline/OfflineStatus';

/** /history: 'Mis Registros de Arbitraje' (docs/product.md#screens). */
export default function LedgersPage() {
  const navigate = useNavigate();
  const { user, logout } = useAuth();
  const ledgers = useLedgers();
  const [creating, setCreating] = useState(false);
  const [inviting, setInviting] = useState<Ledger | null>(null);
  const [managing, setManaging] = useState<string | null>(null);

  // docs/api.md#calls: a 403 on the ledger list clears the session and goes to /login.
  const forbidden = isPlainForbidden(ledgers.error);
  useEffect(() => {
    if (forbidden) void logout();
  }, [forbidden, logout]);

  const open = (l: Ledger) => void navigate(`/dashboard?ledger=${l.id}&date=${todayKey()}`);

  return (
    <Container component="main" maxWidth="md" sx={{ py: 3 }}>
      <OfflineStatus />
      <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Volver al dashboard
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="overline" color="textSecondary" component="p">
            Mis Grupos de Arbitraje
          </Typography>
          <Typography variant="h4" component="h1">
            Mis Registros de Arbitraje
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Nuevo Registro
        </Button>
      </Stack>

      {ledgers.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Cargando registros" />
        </Box>
      )}
      {ledgers.isError && !forbidden && (
        <RetryAlert message={errorMessage(ledgers.error, messages.loadLedgersError)} onRetry={() => void ledgers.refetch()} />
      )}
      {ledgers.isSuccess && ledgers.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography variant="h6" gutterBottom>
            No tienes registros creados
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ mt: 1 }}>
            Crear Primer Registro
          </Button>
        </Paper>
      )}
      {ledgers.isSuccess && ledgers.data.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {ledgers.data.map((l) => (
            <LedgerCard
              key={l.id}
              ledger={l}
              isOwner={ledgerPermissions(l, user?.id).isOwner}
              onOpen={() => open(l)}
              onInvite={() => setInviting(l)}
              onHistory={() => void navigate(`/ledger/${l.id}/history`)}
              onManage={() => setManaging(l.id)}
            />
          ))}
        </Box>
      )}

      <CreateLedgerDialog open={creating} onClose={() => setCreating(false)} />
      {managing && <GroupManagementDialog open onClose={() => setManaging(null)} ledgerId={managing} />}
      {inviting && <InviteLinkDialog open onClose={() => setInviting(null)} ledgerId={inviting.id} ledgerName={inviting.name} />}
    </Container>
  );
}
