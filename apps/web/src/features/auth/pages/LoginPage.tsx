import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Box, CircularProgress, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { clearSessionExpiredNotice, peekSessionExpiredNotice } from '../../../shared/lib/session';
import { LoginForm } from '../components/LoginForm';
import { PendingInviteNotice } from '../components/PendingInviteNotice';
import { PublicLayout } from '../components/PublicLayout';

// The sign-up form (strength meter and all) loads when its tab opens: the login page's first load
// has a 200 KB gzip budget (DESIGN §11).
const RegisterForm = lazy(() => import('../components/RegisterForm').then((m) => ({ default: m.RegisterForm })));

/** The auth card (SPEC §2): tabs 'Iniciar Sesión' (0) and 'Registrarse' (1), full width on small screens. */
export default function LoginPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState(0);
  // Why the session ended by itself, if it did (SPEC §8); read in render, used up once shown.
  const [notice] = useState(peekSessionExpiredNotice);
  useEffect(() => clearSessionExpiredNotice(), []);
  // After registering, the login tab keeps the address just registered (issue 25).
  const [email, setEmail] = useState('');
  const toLogin = useCallback((registered?: string) => {
    if (registered) setEmail(registered);
    setTab(0);
  }, []);
  return (
    <PublicLayout>
      <PendingInviteNotice />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant={small ? 'fullWidth' : 'standard'} centered={!small} sx={{ mb: 1 }}>
        <Tab label="Iniciar Sesión" id="auth-tab-0" aria-controls="auth-panel-0" />
        <Tab label="Registrarse" id="auth-tab-1" aria-controls="auth-panel-1" />
      </Tabs>
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
