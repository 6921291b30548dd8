import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { withQueries as page } from '../shared/query/with-queries';
import { useAuth } from '../shared/auth/auth-context';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import LoginPage from '../features/auth/pages/LoginPage';
import { HomeRedirect, PublicOnly, RequireAuth } from './guards';

// Every other screen is its own chunk: /login loads none of the dashboard, admin or history code.
// /login itself is in the entry: it is the first screen of every signed-out visit, and loading it
// lazily put a second download and a spinner before the form's first paint (Lighthouse mobile,
// docs/benchmarks.md); the dashboard shares its MUI parts anyway. Each lazy screen brings the query cache
// with it (withQueries), in parallel with its own chunk; the login form needs none (docs/benchmarks.md).
const VerifyEmailRequiredPage = page(() => import('../features/auth/pages/VerifyEmailRequiredPage'));
const VerifyEmailPage = page(() => import('../features/auth/pages/VerifyEmailPage'));
const ForgotPasswordPage = page(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('../features/auth/pages/ResetPasswordPage'));
const JoinPage = page(() => import('../features/ledgers/pages/JoinPage'));
const LedgersPage = page(() => import('../features/ledgers/pages/LedgersPage'));
const DashboardPage = page(() => import('../features/dashboard/pages/DashboardPage'));
const LedgerHistoryPage = page(() => import('../features/history/pages/LedgerHistoryPage'));
const CuentasPage = page(() => import('../features/cuentas/pages/CuentasPage'));
const SociosPage = page(() => import('../features/socios/pages/SociosPage'));
const ReportesPage = page(() => import('../features/reportes/pages/ReportesPage'));
const MembershipPage = page(() => import('../features/membership/pages/MembershipPage'));
const AdminPage = page(() => import('../features/admin/pages/AdminPage'));
const NotFoundPage = page(() => import('../pages/NotFoundPage'));
// The offline queue is sent from any screen while someone is signed in (docs/product.md#working-offline).
const OfflineSync = page(() => import('../features/dashboard/components/OfflineSync'));

/**
 * A signed-in visit to /dashboard: its screen's code (and the offline queue's), loaded before
 * React's first render (main.tsx), so the route renders at once instead of suspending: each
 * Suspense fallback committed held the next reveal back ~300 ms
 * (docs/decisions/0025-no-suspense-on-the-first-screen.md).
 */
export function preloadDashboardScreen(): Promise<unknown> {
  return Promise.all([DashboardPage.preload(), OfflineSync.preload()]);
}

/**
 * docs/product.md#screens route table. Declarative routes (no data router): we load data with TanStack Query,
 * and this keeps the first-load bundle small.
 */
export function AppRoutes() {
  const { user } = useAuth();
  return (
    <BrowserRouter>
      {user && (
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
      )}
      <Suspense fallback={<FullPageSpinner label="Cargando..." />}>
        <Routes>
          <Route path="/" element={<HomeRedirect />} />
          <Route
            path="/login"
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route path="/join/:inviteCode" element={<JoinPage />} />
          <Route
            path="/verify-email-required"
            element={
              <RequireAuth verified={false}>
                <VerifyEmailRequiredPage />
              </RequireAuth>
            }
          />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route
            path="/dashboard"
            element={
              <RequireAuth>
                <DashboardPage />
              </RequireAuth>
            }
          />
          <Route
            path="/membership"
            element={
              <RequireAuth>
                <MembershipPage />
              </RequireAuth>
            }
          />
          <Route
            path="/history"
            element={
              <RequireAuth>
                <LedgersPage />
              </RequireAuth>
            }
          />
          <Route
            path="/ledger/:ledgerId/history"
            element={
              <RequireAuth>
                <LedgerHistoryPage />
              </RequireAuth>
            }
          />
          <Route
            path="/ledger/:ledgerId/cuentas"
            element={
              <RequireAuth>
                <CuentasPage />
              </RequireAuth>
            }
          />
          <Route
            path="/ledger/:ledgerId/socios"
            element={
              <RequireAuth>
                <SociosPage />
              </RequireAuth>
            }
          />
          <Route
            path="/ledger/:ledgerId/reportes"
            element={
              <RequireAuth>
                <ReportesPage />
              </RequireAuth>
            }
          />
          <Route
            path="/admin"
            element={
              <RequireAuth admin>
                <AdminPage />
              </RequireAuth>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
