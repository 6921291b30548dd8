import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const loadQueryProvider = () => import('./QueryProvider');

/**
 * A lazy component inside the app's QueryClientProvider: the component's chunk and the query
 * cache's chunk download in parallel (no waterfall), and a screen that never reads the API
 * (/login's form) never loads TanStack Query (docs/benchmarks.md). Every provider shares one cache.
 */
export function withQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [{ default: QueryProvider }, { default: Inner }] = await Promise.all([loadQueryProvider(), load()]);
    function WithQueries(props: P) {
      return (
        <QueryProvider>
          <Inner {...props} />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });
}
