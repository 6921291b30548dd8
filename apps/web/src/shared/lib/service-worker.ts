import { whenIdle } from './idle';

let registered = false;

/**
 * Registers the service worker (which precaches the whole app shell, about 1 MB) once a user is
 * signed in, when the page is idle. docs/benchmarks.md: a signed-out visit to /login downloads only what
 * the form needs, and the precache "starts only after sign-in". Once per page load.
 */
export function registerServiceWorkerAfterSignIn(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  whenIdle(() => void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true })));
}
