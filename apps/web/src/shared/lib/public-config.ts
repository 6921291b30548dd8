import { useEffect, useState } from 'react';
import type { PublicConfig } from '@arb/shared';

let cached: PublicConfig | undefined;
let pending: Promise<PublicConfig> | undefined;

/** GET /api/config once per page load (docs/product.md#account-security); on failure the server's defaults are assumed. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<PublicConfig>) : Promise.reject(new Error(String(r.status)))))
    .catch(() => ({ requireEmailVerification: true, membershipRequired: false, telegram: { enabled: false, botUsername: null } }))
    .then((c) => (cached = c));
  return pending;
}

/**
 * The public configuration, or undefined until it has loaded. `needed` false asks nothing (yet):
 * a verified user's first /dashboard visit has no use for it, and its request ran beside the day's
 * (docs/decisions/0019-dashboard-first-paint.md "Later work").
 */
export function usePublicConfig(needed = true): PublicConfig | undefined {
  const [config, setConfig] = useState(cached);
  useEffect(() => {
    if (config || !needed) return;
    let live = true;
    void loadPublicConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, [config, needed]);
  return config;
}
