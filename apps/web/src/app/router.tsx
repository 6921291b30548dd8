import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { HomeRedirect, PublicOnly, RequireAuth } from './guards';

// Every screen is its own chunk: /login loads none of the dashboard, admin or history code.
const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);
const LoginPage = page(() => import('../features/auth/pages/LoginPage'));
const VerifyEmailRequiredPage = page(() => import('../features/auth/pages/VerifyEmailRequiredPage'));
const VerifyEmailPage = page(() => import('../features/auth/pages/VerifyEmailPage'));
const ForgotPasswordPage = page(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('../features/auth/pages/ResetPasswordPage'));
const JoinPage = page(() => import('../features/ledgers/pages/JoinPage'));
const LedgersPage = page(() => import('../features/ledgers/pages/LedgersPage'));
const DashboardPage = page(() => import('../features/dashboard/pages/DashboardPage'));
const LedgerHistoryPage = page(() => import('../features/history/pages/LedgerHistoryPage'));
const MembershipPage = page(() => import('../features/membership/pages/MembershipPage'));
const AdminPage = page(() => import('../features/admin/pages/AdminPage'));
const NotFoundPage = page(() => import('../pages/NotFoundPage'));

function Shell() {
  return (
    <Suspense fallback={<FullPageSpinner label="Cargando..." />}>
      <Outlet />
    </Suspense>
  );
}

/** SPEC §2 route table. */
export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      { path: '/login', element: <PublicOnly><LoginPage /></PublicOnly> },
      { path: '/join/:inviteCode', element: <JoinPage /> },
      { path: '/verify-email-required', element: <RequireAuth verified={false}><VerifyEmailRequiredPage /></RequireAuth> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/dashboard', element: <RequireAuth><DashboardPage /></RequireAuth> },
      { path: '/membership', element: <RequireAuth><MembershipPage /></RequireAuth> },
      { path: '/history', element: <RequireAuth><LedgersPage /></RequireAuth> },
      { path: '/ledger/:ledgerId/history', element: <RequireAuth><LedgerHistoryPage /></RequireAuth> },
      { path: '/admin', element: <RequireAuth admin><AdminPage /></RequireAuth> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
