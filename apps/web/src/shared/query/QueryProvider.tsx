import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setClearQueries } from './clear-queries';

// The app's one query cache. This module is loaded only with a screen that reads the API
// (`withQueries`), so TanStack Query (~9 KB gzip) is not part of /login's first load (docs/benchmarks.md).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});
setClearQueries(() => queryClient.clear());

export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
