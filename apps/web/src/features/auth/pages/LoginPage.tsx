import { lazy, Suspense, useCallback, useState } from 'react';
import { Box, CircularProgress, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { messages } from '@arb/shared';
import { takeSessionExpiredNotice } from '../../../shared/lib/session';
import { LoginForm } from '../components/LoginForm';
import { PublicLayout } from '../components/PublicLayout';

// The sign-up form (strength meter and all) loads when its tab opens: the login page's first load
// has a 200 KB gzip budget (DESIGN §11).
const RegisterForm = lazy(() => import('../components/RegisterForm').then((m) => ({ default: m.RegisterForm })));

/** The auth card (SPEC §2): tabs 'Iniciar Sesión' (0) and 'Registrarse' (1), full width on small screens. */
export default function LoginPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState(0);
  const [notice] = useState(() => (takeSessionExpiredNotice() ? messages.sessionExpired : null));
  const toLogin = useCallback(() => setTab(0), []);
  return (
    <PublicLayout>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant={small ? 'fullWidth' : 'standard'} centered={!small} sx={{ mb: 1 }}>
        <Tab label="Iniciar Sesión" id="auth-tab-0" aria-controls="auth-panel-0" />
        <Tab label="Registrarse" id="auth-tab-1" aria-controls="auth-panel-1" />
      </Tabs>
      <Box role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 0 ? (
          <LoginForm onSwitch={() => setTab(1)} notice={notice} />
        ) : (
          <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} aria-label="Cargando" />}>
            <RegisterForm onSwitch={toLogin} onRegistered={toLogin} />
          </Suspense>
        )}
      </Box>
    </PublicLayout>
  );
}
