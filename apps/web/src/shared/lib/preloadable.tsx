import { lazy, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P extends object> {
  (props: P): ReactNode;
  /** Starts the download (once; again after a failure) and resolves when the component can render. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * A code-split component that renders at once when its code is already there. React's `lazy()`
 * suspends on its first render even when the import has long resolved, and every Suspense
 * fallback it commits holds back the next reveal of any boundary by 300 ms (React's
 * FALLBACK_THROTTLE_MS): the dashboard opened with its chunks downloaded in parallel
 * (app/early-dashboard.ts) still went through three spinners and ~300 ms of nothing before its
 * first screen (docs/decisions/0025-no-suspense-on-the-first-screen.md). A component preloaded and
 * resolved before it mounts renders directly; otherwise it goes through `lazy()`, its Suspense
 * fallback and its error boundary as before. The lazy path never shows the component itself: when
 * the code arrives React retries the boundary, this renders again and takes the direct path, so
 * there is never a swap from one to the other (a remount).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        // The next preload() tries again (the form, once the connection is back), and once it has
        // the code the direct path renders it; a lazy() that failed stays failed until the error
        // screen's "Reintentar" reloads the app.
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function PreloadableComponent(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}

/**
 * Starts loading `component` once `when` is true; true once its code has arrived (or failed to:
 * then the lazy path shows the error). The dashboard draws its form only then, so that the form
 * never goes through a Suspense fallback and its throttled reveal (decision 0025).
 */
export function usePreloaded<P extends object>(component: Preloadable<P>, when: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!when || settled) return;
    let live = true;
    // In a transition: what waited for the code (the dashboard's form) is drawn in slices rather
    // than in one blocking render of the screen (docs/decisions/0027-fewer-redraws-of-the-dashboard.md).
    const done = () => {
      if (live) startTransition(() => setSettled(true));
    };
    component.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [component, when, settled]);
  return settled;
}
