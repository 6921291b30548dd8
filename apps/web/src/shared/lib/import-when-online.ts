/**
 * `load()` (a dynamic import) that, when it fails because the device is offline, tries again once
 * the connection comes back instead of failing: a piece loaded after the first paint (the realtime
 * slot, the form; docs/decisions/0023-plain-rows.md) may be asked for while offline, before the
 * service worker has stored it, and a failed `lazy()` import throws into the error boundary, the
 * whole screen. A failure while online (a file gone after a deploy) still fails, so the error
 * screen's "Reintentar" reloads the app.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((err: unknown) => {
    if (navigator.onLine) throw err;
    return new Promise<T>((resolve, reject) => {
      const retry = () => {
        window.removeEventListener('online', retry);
        importWhenOnline(load).then(resolve, reject);
      };
      window.addEventListener('online', retry);
    });
  });
}
