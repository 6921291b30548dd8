/**
 * The serialized balances answer of recently read days (as bytes, ready for the socket), validated by the ledger's revision
 * (bumped in the same transaction as every change, so it is right on every instance). A hit costs
 * no recomputation: the day's rows, computeDay and JSON serialization run once per change.
 */
export interface BalancesCache<T> {
  get(ledgerId: string, fecha: string, revision: number): T | undefined;
  set(ledgerId: string, fecha: string, revision: number, body: T): void;
  /**
   * The cached body, or one computation shared by every concurrent request for the same day and
   * revision (a busy ledger's readers would otherwise each recompute the day after every change).
   */
  getOrCompute(ledgerId: string, fecha: string, revision: number, compute: () => Promise<T>): Promise<T>;
}

export function createBalancesCache<T>(maxEntries = 1000): BalancesCache<T> {
  const entries = new Map<string, { revision: number; body: T }>();
  const inFlight = new Map<string, Promise<T>>();
  const cache: BalancesCache<T> = {
    get(ledgerId, fecha, revision) {
      const key = `${ledgerId}|${fecha}`;
      const hit = entries.get(key);
      if (!hit || hit.revision !== revision) return undefined;
      entries.delete(key); // re-insert: Map order doubles as least-recently-used order
      entries.set(key, hit);
      return hit.body;
    },
    set(ledgerId, fecha, revision, body) {
      const key = `${ledgerId}|${fecha}`;
      const current = entries.get(key);
      // A slower request that read an older revision must not replace a newer answer.
      if (current && current.revision > revision) return;
      entries.delete(key);
      entries.set(key, { revision, body });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    getOrCompute(ledgerId, fecha, revision, compute) {
      const hit = cache.get(ledgerId, fecha, revision);
      if (hit !== undefined) return Promise.resolve(hit);
      const key = `${ledgerId}|${fecha}|${revision}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = compute()
          .then((body) => {
            cache.set(ledgerId, fecha, revision, body);
            return body;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
  return cache;
}
