/**
 * Runs `fn` once the page has loaded and the main thread is idle: downloads that the first screen
 * does not need (the service worker's precache, the form validation chunk) then do not compete with
 * it for the network or the CPU (Lighthouse mobile on /login, docs/benchmarks.md). Returns a cancel.
 */
export function whenIdle(fn: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback; a short timer after load does the same job there.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => !cancelled && fn(), { timeout: 2000 });
    else window.setTimeout(() => !cancelled && fn(), 50);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
  };
}
