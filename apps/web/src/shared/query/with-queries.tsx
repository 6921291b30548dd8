import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../lib/preloadable';

const loadQueryProvider = () => import('./QueryProvider');

/**
 * A code-split screen inside the app's QueryClientProvider: the screen's chunk and the query
 * cache's chunk download in parallel (no waterfall), and a screen that never reads the API
 * (/login's form) never loads TanStack Query (docs/benchmarks.md). Every provider shares one cache.
 * Preloaded (app/router.tsx `preloadDashboardScreen`), it renders without suspending (shared/lib/preloadable.tsx).
 */
export function withQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  return preloadable(async () => {
    const [{ default: QueryProvider }, { default: Inner }] = await Promise.all([loadQueryProvider(), load()]);
    function WithQueries(props: P) {
      return (
        <QueryProvider>
          <Inner {...props} />
        </QueryProvider>
      );
    }
    return WithQueries;
  });
}
