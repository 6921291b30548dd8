import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../shared/auth/auth-context';
import { postLoginPath } from '../shared/auth/post-login';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { usePublicConfig } from '../shared/lib/public-config';

interface GuardProps {
  children: ReactNode;
  /** Require a verified email (most screens; docs/product.md#screens route table). */
  verified?: boolean;
  admin?: boolean;
}

/** docs/product.md#screens guards: loading text, login with the origin remembered, unverified and non-admin redirects. */
export function RequireAuth({ children, verified = true, admin = false }: GuardProps) {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Only an unverified user waits for the server's settings (docs/product.md#account-security: with
  // REQUIRE_EMAIL_VERIFICATION=false nobody is sent to /verify-email-required).
  const config = usePublicConfig(Boolean(verified && user && !user.email_verified));
  if (loading) return <FullPageSpinner label="Verificando autenticación..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (verified && !user.email_verified) {
    if (!config) return <FullPageSpinner label="Verificando autenticación..." />;
    if (config.requireEmailVerification) return <Navigate to="/verify-email-required" replace />;
  }
  if (admin && user.role !== 'ADMIN') return <NotAdmin />;
  return <>{children}</>;
}

/**
 * /admin for a user stored as USER: the server is asked first, since the stored role may predate
 * a promotion (a tab opened before it, issue 25). A fresh ADMIN re-renders the guard with the
 * page; anyone else goes to the dashboard.
 */
function NotAdmin() {
  const { reloadUser } = useAuth();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let live = true;
    void reloadUser()
      .catch(() => null)
      .finally(() => {
        if (live) setAsked(true);
      });
    return () => {
      live = false;
    };
  }, [reloadUser]);
  if (!asked) return <FullPageSpinner label="Verificando autenticación..." />;
  return <Navigate to="/dashboard" replace />;
}

/** /login: a signed-in user goes on (pending invite, remembered origin, or the dashboard). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner label="Verificando autenticación..." />;
  if (user) return <Navigate to={postLoginPath(location.state)} replace />;
  return <>{children}</>;
}

export function HomeRedirect() {
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner label="Verificando autenticación..." />;
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}
