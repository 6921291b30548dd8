import { io as connect, type Socket } from 'socket.io-client';
import { JOIN_LEDGER, REALTIME_EVENTS, type JoinLedgerAck, type RealtimeEventName, type RealtimePayload } from '@arb/shared';

export interface Received {
  event: RealtimeEventName;
  payload: RealtimePayload;
}

/** A socket.io client as the web app makes one, recording every realtime event it receives. */
export interface TestSocket {
  socket: Socket;
  received: Received[];
  join(ledgerId: unknown): Promise<JoinLedgerAck>;
  /** Resolves with the next event matching `match` (already received ones count), or rejects after `ms`. */
  waitFor(match: (r: Received) => boolean, ms?: number): Promise<Received>;
  close(): void;
}

const TIMEOUT_MS = 5_000;

type Transport = 'websocket' | 'polling';

function client(baseUrl: string, auth: Record<string, unknown>, transports: Transport[] = ['websocket']): Socket {
  return connect(baseUrl, { auth, transports, reconnection: false, forceNew: true, timeout: TIMEOUT_MS });
}

export async function connectSocket(baseUrl: string, token: string, transports?: Transport[]): Promise<TestSocket> {
  const socket = client(baseUrl, { token }, transports);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  for (const event of REALTIME_EVENTS) {
    socket.on(event, (payload: RealtimePayload) => {
      received.push({ event, payload });
      for (const w of waiters) w();
    });
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return {
    socket,
    received,
    join: (ledgerId) => socket.timeout(TIMEOUT_MS).emitWithAck(JOIN_LEDGER, ledgerId) as Promise<JoinLedgerAck>,
    waitFor(match, ms = TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(match);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching realtime event within ${ms} ms; received: ${JSON.stringify(received)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () => void socket.close(),
  };
}

/** The `connect_error` a handshake ends with (rejects if it connects instead). */
export function connectError(baseUrl: string, auth: Record<string, unknown>): Promise<Error & { data?: { code?: string } }> {
  const socket = client(baseUrl, auth);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.close();
      reject(new Error('connected although it should not'));
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err as Error & { data?: { code?: string } });
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
