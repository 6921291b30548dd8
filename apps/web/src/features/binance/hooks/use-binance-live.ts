import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLedgerRealtime } from '../../realtime';
import { BINANCE_FALLBACK_POLL_MS, binanceKeys, binanceLinkQuery } from '../api/binance-link';

/**
 * Keeps a linked Binance card true without polling (docs/decisions/0058): the server tells the
 * user's own sockets `binance-sync` when a run ends (manual or periodic, on any instance), and the
 * card reads its link again then. Events sent while the socket was down are missed, so connecting
 * during a run reads it again too; only while the socket is down does a run read it every 15 s.
 */
export function useBinanceLive(running: boolean): { connected: boolean } {
  const qc = useQueryClient();
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: binanceKeys.link() }), [qc]);
  const { connected } = useLedgerRealtime({ ledgerId: null, onChange: () => undefined, onBinanceSync: refresh });
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  });
  useEffect(() => {
    if (connected && runningRef.current) refresh();
  }, [connected, refresh]);
  // The fallback: an observer of the card's own query that only adds the slow poll (never a read of its own on mount).
  useQuery({ ...binanceLinkQuery(), refetchOnMount: false, refetchInterval: !connected && running ? BINANCE_FALLBACK_POLL_MS : false });
  return { connected };
}
