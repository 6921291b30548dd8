import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { INSTALL_PROMPT_DELAY_MS, STORAGE_KEYS } from '@arb/shared';
import { storage } from './lib/storage';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallValue {
  /** The browser offered installation and the app is not installed yet. */
  canInstall: boolean;
  openDialog(): void;
}

// The dialog (MUI Modal and friends) loads only when it opens, keeping it off the first load.
const InstallDialog = lazy(() => import('./InstallDialog'));

const InstallContext = createContext<InstallValue>({ canInstall: false, openDialog: () => undefined });

const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches ?? false;
const isMobile = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/**
 * The install-app prompt (docs/product.md#accounts-and-sessions, packages/shared/src/constants.ts): shown once automatically on mobile, 5 s after load, if
 * the app is not installed and the prompt was never seen; 'Instalar aplicación' in the app bar opens it.
 */
export function InstallPromptProvider({ children }: { children: ReactNode }) {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  useEffect(() => {
    if (!deferred || isStandalone() || !isMobile() || storage.get(STORAGE_KEYS.pwaPromptSeen)) return;
    const timer = setTimeout(() => {
      storage.set(STORAGE_KEYS.pwaPromptSeen, 'true');
      setOpen(true);
    }, INSTALL_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [deferred]);

  const install = useCallback(async () => {
    setOpen(false);
    if (!deferred) return;
    await deferred.prompt();
    await deferred.userChoice.catch(() => undefined);
    setDeferred(null);
  }, [deferred]);

  const value = useMemo(() => ({ canInstall: Boolean(deferred) && !isStandalone(), openDialog: () => setOpen(true) }), [deferred]);

  return (
    <InstallContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <InstallDialog onClose={() => setOpen(false)} onInstall={() => void install()} canInstall={Boolean(deferred)} />
        </Suspense>
      )}
    </InstallContext.Provider>
  );
}

export function useInstallPrompt(): InstallValue {
  return useContext(InstallContext);
}
