import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, SOCKET } from '@arb/shared';
import { getAccessToken } from '../../shared/lib/session';

/**
 * The socket of docs/api.md#calls, packages/shared/src/constants.ts: same origin, websocket first with polling fallback, at most 3
 * reconnection attempts 1–5 s apart, 10 s connection time-out. The token is read at every
 * (re)connection, so a refreshed token is used without rebuilding the socket. Created closed.
 */
export function createRealtimeSocket(): Socket {
  return io({
    path: REALTIME_PATH,
    transports: ['websocket', 'polling'],
    auth: (cb) => cb({ token: getAccessToken() ?? '' }),
    reconnectionAttempts: SOCKET.reconnectionAttempts,
    reconnectionDelay: SOCKET.reconnectionDelayMs,
    reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
    timeout: SOCKET.timeoutMs,
    // The caller opens it (socket.connect()) in a task of its own: opening (the engine and its
    // transport) cost 8 ms of the commit that mounts the slot, unthrottled
    // (docs/decisions/0024-entry-and-commit-tasks.md).
    autoConnect: false,
  });
}
