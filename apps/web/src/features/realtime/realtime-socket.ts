import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, SOCKET } from '@arb/shared';
import { getAccessToken } from '../../shared/lib/session';

/**
 * The socket of docs/api.md#calls, packages/shared/src/constants.ts: same origin, websocket first with polling fallback, at most 3
 * reconnection attempts 1–5 s apart, 10 s connection time-out. The token is read at every
 * (re)connection, so a refreshed token is used without rebuilding the socket.
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
  });
}
