import { AuthProvider } from '../shared/auth/auth-context';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';
import { AppThemeProvider } from '../shared/theme';
import { InstallPromptProvider } from '../shared/install-prompt';

// The query cache is not here: each screen that reads the API brings it (shared/query/with-queries.tsx),
// so /login's first load has no TanStack Query (docs/benchmarks.md).
export function App() {
  return (
    <AppThemeProvider>
      <ErrorBoundary>
        <AuthProvider>
          <InstallPromptProvider>
            <AppRoutes />
          </InstallPromptProvider>
        </AuthProvider>
      </ErrorBoundary>
    </AppThemeProvider>
  );
}
