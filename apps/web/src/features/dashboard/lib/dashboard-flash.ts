import { useSyncExternalStore } from 'react';

/**
 * A message for the dashboard that must outlive the ledger switch that follows it (the query
 * string is rewritten on the way, so router state would be lost): e.g. "Ya no eres miembro de
 * «Caja»." after an expulsion (issue 25). One at a time; the dashboard shows it until closed.
 */
let current: string | null = null;
const listeners = new Set<() => void>();
const publish = (text: string | null) => {
  current = text;
  listeners.forEach((l) => l());
};

export const showDashboardFlash = (text: string): void => publish(text);
export const clearDashboardFlash = (): void => publish(null);

export function useDashboardFlash(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
