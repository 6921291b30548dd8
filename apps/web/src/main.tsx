import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { whenIdle } from './shared/lib/idle';

// SPEC §2 Global: stray window errors and unhandled rejections are logged, never shown raw.
window.addEventListener('error', (event) => {
  console.warn('Error global suprimido:', event.error ?? event.message);
  event.preventDefault();
});
window.addEventListener('unhandledrejection', (event) => {
  console.warn('Promesa rechazada sin manejar:', event.reason);
  event.preventDefault();
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(() => void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true })));
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
// A transition lets React render the first screen in slices, yielding to the browser between
// them, instead of one long task that blocks input (Total Blocking Time, DESIGN §11).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
