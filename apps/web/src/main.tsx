import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

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
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
