/**
 * The serialized balances answer of recently read days, validated by the ledger's revision
 * (bumped in the same transaction as every change, so it is right on every instance). A hit costs
 * no recomputation: the day's rows, computeDay and JSON serialization run once per change.
 */
export interface BalancesCache {
  get(ledgerId: string, fecha: string, revision: number): string | undefined;
  set(ledgerId: string, fecha: string, revision: number, body: string): void;
}

export function createBalancesCache(maxEntries = 1000): BalancesCache {
  const entries = new Map<string, { revision: number; body: string }>();
  return {
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
  };
}
