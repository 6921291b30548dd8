import { STORAGE_KEYS } from '@arb/shared';

/** localStorage that never throws (private mode, quota): failures are only logged (packages/shared/src/errors.ts). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (err) {
      console.warn('No se pudo guardar en el almacenamiento local', err);
    }
  },
  remove(...keys: string[]): void {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    }
  },
};

export { STORAGE_KEYS };
