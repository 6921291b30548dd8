import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, CircularProgress, Container, Typography } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { messages, REDIRECT_AFTER_INVITE_MS, REDIRECT_AFTER_JOIN_MS, STORAGE_KEYS } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { ApiError, errorMessage } from '../../../shared/lib/api-client';
import { storage } from '../../../shared/lib/storage';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { FullPageSpinner } from '../../../shared/ui/FullPageSpinner';
import { useInviteInfo } from '../api/get-invite-info';
import { useJoinLedger } from '../api/join-ledger';

/** /join/:inviteCode (docs/product.md#screens, docs/product.md#accounts-and-sessions invite flow). */
export default function JoinPage() {
  const { inviteCode = '' } = useParams();
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner label="Verificando autenticación..." />;
  if (!user) return <SignedOutInvite inviteCode={inviteCode} />;
  if (!user.email_verified) {
    storage.set(STORAGE_KEYS.pendingInvite, inviteCode);
    return <Navigate to="/verify-email-required" replace />;
  }
  return <SignedInInvite inviteCode={inviteCode} />;
}

/** Keeps the invite for after login, says so, and goes to /login after 3 s. */
function SignedOutInvite({ inviteCode }: { inviteCode: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    storage.set(STORAGE_KEYS.pendingInvite, inviteCode);
    const timer = setTimeout(
      () => void navigate('/login', { replace: true, state: { from: `/join/${inviteCode}` } }),
      REDIRECT_AFTER_INVITE_MS,
    );
    return () => clearTimeout(timer);
  }, [inviteCode, navigate]);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <Alert severity="warning">{messages.joinLoginRequired}</Alert>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
        <CircularProgress size={28} aria-label="Redirigiendo" />
      </Box>
    </Container>
  );
}

function SignedInInvite({ inviteCode }: { inviteCode: string }) {
  const navigate = useNavigate();
  const info = useInviteInfo(inviteCode);
  const join = useJoinLedger();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The pending invite has brought the user here: it is used up.
  useEffect(() => storage.remove(STORAGE_KEYS.pendingInvite), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onJoin = () =>
    join.mutate(inviteCode, {
      onSuccess: (ledger) => {
        timer.current = setTimeout(() => void navigate(`/dashboard?ledger=${ledger.id}`, { replace: true }), REDIRECT_AFTER_JOIN_MS);
      },
    });

  let body;
  if (info.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Cargando invitación" />
      </Box>
    );
  } else if (info.isError) {
    const invalid = info.error instanceof ApiError && info.error.status === 404;
    body = (
      <CardContent>
        <Alert severity="error">{invalid ? messages.inviteInvalid : errorMessage(info.error, messages.inviteInfoError)}</Alert>
        <Button sx={{ mt: 2 }} onClick={() => void navigate('/dashboard')}>
          Ir al dashboard
        </Button>
      </CardContent>
    );
  } else {
    const { ledger } = info.data;
    body = (
      <>
        <CardContent>
          <Typography variant="overline" color="textSecondary" component="p">
            Te invitaron a unirte al registro
          </Typography>
          <Typography variant="h5" component="h2" gutterBottom>
            {ledger.name}
          </Typography>
          <Typography color="textSecondary">
            Propietario: {ledger.owner.user_name} ({ledger.owner.email})
          </Typography>
          {join.isSuccess && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {messages.joinSuccess}
            </Alert>
          )}
          {join.isError && <ApiErrorAlert error={join.error} fallback={messages.joinError} sx={{ mt: 2 }} />}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate('/dashboard')} disabled={join.isPending}>
            Cancelar
          </Button>
          <Button variant="contained" startIcon={<GroupAddIcon />} onClick={onJoin} disabled={join.isPending || join.isSuccess}>
            Unirse al Registro
          </Button>
        </CardActions>
      </>
    );
  }

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unirse al Registro
      </Typography>
      <Card variant="outlined">{body}</Card>
    </Container>
  );
}
