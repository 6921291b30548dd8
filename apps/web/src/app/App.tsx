import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../shared/auth/auth-context';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';
import { AppThemeProvider } from '../shared/theme';
import { InstallPromptProvider } from '../shared/install-prompt';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

export function App() {
  return (
    <AppThemeProvider>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <InstallPromptProvider>
              <AppRoutes />
            </InstallPromptProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </AppThemeProvider>
  );
}
