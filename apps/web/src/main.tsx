import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startDashboardEarly } from './app/early-dashboard';
import { preloadDashboardScreen } from './app/router';

// docs/product.md#screens Global: stray window errors and unhandled rejections are logged, never shown raw.
window.addEventListener('error', (event) => {
  console.warn('Error global suprimido:', event.error ?? event.message);
  event.preventDefault();
});
window.addEventListener('unhandledrejection', (event) => {
  console.warn('Promesa rechazada sin manejar:', event.reason);
  event.preventDefault();
});

// The service worker registers once someone is signed in (shared/lib/service-worker.ts, docs/benchmarks.md).

// A signed-in visit to /dashboard asks for its data now, and for its chunks just below, in
// parallel, before React renders anything (docs/decisions/0019-dashboard-first-paint.md).
const dashboard = startDashboardEarly(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
// A transition lets React render the first screen in slices, yielding to the browser between
// them, instead of one long task that blocks input (Total Blocking Time, docs/benchmarks.md).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// The dashboard's code is on its way already (its data too): React's first render waits for it,
// under index.html's own "Cargando...", and draws the screen without a Suspense fallback in
// between (docs/decisions/0025-no-suspense-on-the-first-screen.md). A failed download renders
// anyway: the route's lazy path shows the error screen with its "Reintentar".
if (dashboard) void preloadDashboardScreen().then(render, render);
else render();
