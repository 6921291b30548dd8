import { Suspense, useCallback, useEffect, useState } from 'react';
import { Box, CircularProgress, useMediaQuery, useTheme } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '@arb/shared';
import { pendingInvite } from '../../../shared/auth/post-login';
import { clearSessionExpiredNotice, peekSessionExpiredNotice } from '../../../shared/lib/session';
import { withQueries } from '../../../shared/query/with-queries';
import { AuthTabs } from '../components/AuthTabs';
import { Banner } from '../components/Banner';
import { LoginForm } from '../components/LoginForm';
import { PublicLayout } from '../components/PublicLayout';

// The sign-up form (strength meter and all) loads when its tab opens, and the invitation notice only
// for an invitee: with them the query cache. The login page's first load has a 160 KB gzip budget,
// idle downloads included (docs/benchmarks.md).
const RegisterForm = withQueries(async () => ({ default: (await import('../components/RegisterForm')).RegisterForm }));
const PendingInviteNotice = withQueries(async () => ({ default: (await import('../components/PendingInviteNotice')).PendingInviteNotice }));

/** The auth card (docs/product.md#screens): tabs 'Iniciar Sesión' (0) and 'Registrarse' (1), full width on small screens. */
export default function LoginPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState(0);
  // Why the session ended by itself, if it did (packages/shared/src/errors.ts); read in render, used up once shown.
  const [notice] = useState(peekSessionExpiredNotice);
  useEffect(() => clearSessionExpiredNotice(), []);
  // Come from /reset-password (its navigation's state): said once, not again on a reload of /login.
  const location = useLocation();
  const navigate = useNavigate();
  const [resetDone, setResetDone] = useState(() => (location.state as { passwordReset?: boolean } | null)?.passwordReset === true);
  useEffect(() => {
    if (resetDone) void navigate('/login', { replace: true, state: null });
  }, [resetDone, navigate]);
  // After registering, the login tab keeps the address just registered (issue 25).
  const [email, setEmail] = useState('');
  const toLogin = useCallback((registered?: string) => {
    if (registered) setEmail(registered);
    setTab(0);
  }, []);
  return (
    <PublicLayout>
      {pendingInvite() && (
        <Suspense fallback={null}>
          <PendingInviteNotice />
        </Suspense>
      )}
      <Banner severity="success" message={resetDone ? messages.loginAfterPasswordReset : null} onClose={() => setResetDone(false)} />
      <AuthTabs labels={['Iniciar Sesión', 'Registrarse']} value={tab} onChange={setTab} fullWidth={small} />
      <Box role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 0 ? (
          <LoginForm onSwitch={() => setTab(1)} notice={notice} defaultEmail={email} />
        ) : (
          <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} aria-label="Cargando" />}>
            <RegisterForm onSwitch={() => toLogin()} onRegistered={toLogin} />
          </Suspense>
        )}
      </Box>
    </PublicLayout>
  );
}
