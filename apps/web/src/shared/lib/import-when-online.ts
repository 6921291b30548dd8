/**
 * `load()` (a dynamic import), tried again each time the connection comes back if it failed: a
 * piece loaded after the first paint (the realtime slot, docs/decisions/0023-plain-rows.md) may
 * be asked for while the device is offline, before the service worker has stored it. A failed
 * `lazy()` import throws into the nearest error boundary, the whole screen; this promise instead
 * waits, so its Suspense keeps showing the placeholder.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const retry = () => {
          window.removeEventListener('online', retry);
          void importWhenOnline(load).then(resolve);
        };
        window.addEventListener('online', retry);
      }),
  );
}
