import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  JOIN_LEDGER,
  messages,
  REALTIME_PATH,
  USER_CHANGED,
  BINANCE_SYNC_EVENT,
  type JoinLedgerAck,
  type RealtimeEventName,
  type RealtimePayload,
} from '@arb/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import type { LedgerEvent } from '../lib/ledger-events.ts';
import { departingMember, isLedgerRoom, ledgerRoom, sessionRoom, toPayload, userRoom } from '../lib/realtime-rooms.ts';
import { loadMembership } from '../services/ledger-access.ts';
import { adapterKindFor, installAdapter, type RealtimeAdapterKind } from './realtime-adapter.ts';
import { authenticateHandshake, HandshakeError } from './realtime-auth.ts';

interface ClientToServerEvents {
  // What a client sends is untrusted: both arguments are checked before use.
  [JOIN_LEDGER]: (ledgerId: unknown, ack?: unknown) => void;
}
type ServerToClientEvents = Record<RealtimeEventName, (payload: RealtimePayload) => void> & {
  [USER_CHANGED]: () => void;
  [BINANCE_SYNC_EVENT]: () => void;
};
interface SocketData {
  userId: string;
  /** The login session of the handshake's token: ending it disconnects the socket (docs/product.md#account-security). */
  sessionId: string;
  /** Bumped by each join-ledger, so a slow membership check cannot undo a later join. */
  joinSeq: number;
  /** Start of the current join-ledger window and the joins in it (each costs one query). */
  joinWindowStart: number;
  joinsInWindow: number;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeOptions {
  /** Defaults to the configuration's choice (DATABASE_URL → postgres, else memory); tests may force one. */
  adapter?: RealtimeAdapterKind;
  /** Channel/key prefix of the cross-instance adapter; instances that share it share events. */
  prefix?: string;
}

export interface Realtime {
  io: RealtimeServer;
  adapter: RealtimeAdapterKind;
}

const ledgerIdSchema = z.uuid();
/** A person switches ledgers a few times a minute; a socket joining faster than this is a script. */
export const JOIN_LIMIT = { joins: 20, windowMs: 10_000 } as const;

/**
 * Socket.IO on the API's own HTTP server (same origin and port, path /socket.io; docs/architecture.md#realtime).
 * The handshake authenticates once; `join-ledger` checks membership once; events come from the
 * in-process bus after each commit and fan out to rooms, so no event costs a query per socket.
 * With the PostgreSQL adapter, emits, room leaves and disconnects reach every instance's sockets.
 */
export function registerRealtime(app: FastifyInstance, ctx: AppContext, opts: RealtimeOptions = {}): Realtime {
  let closing = false;
  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    // Same origin only: the web app is served by this very server (no CORS headers).
    allowRequest: (_req, callback) => callback(null, !closing),
  });
  const kind = opts.adapter ?? adapterKindFor(ctx.config);
  const adapter = installAdapter(io, kind, {
    databaseUrl: ctx.database.url,
    redisUrl: ctx.config.REDIS_URL,
    prefix: opts.prefix,
    log: app.log,
  });

  io.use((socket, next) => {
    authenticateHandshake(
      { db: ctx.db, tokens: ctx.tokens, requireEmailVerification: ctx.config.REQUIRE_EMAIL_VERIFICATION },
      socket.handshake.auth,
    ).then(
      ({ userId, sessionId }) => {
        socket.data.userId = userId;
        socket.data.sessionId = sessionId;
        socket.data.joinSeq = 0;
        socket.data.joinWindowStart = Date.now();
        socket.data.joinsInWindow = 0;
        next();
      },
      (err: unknown) => {
        if (err instanceof HandshakeError) return next(err);
        app.log.error({ err }, 'realtime handshake failed');
        next(new HandshakeError('INTERNAL_ERROR', messages.internalError));
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    socket.on(JOIN_LEDGER, (ledgerId, ack) => {
      const reply = typeof ack === 'function' ? (ack as (a: JoinLedgerAck) => void) : () => undefined;
      joinLedger(socket, ledgerId).then(
        (ok) => reply({ ok }),
        (err: unknown) => {
          app.log.error({ err, userId: socket.data.userId }, 'join-ledger failed');
          reply({ ok: false });
        },
      );
    });
  });

  /** A client watches one ledger at a time: joining one leaves the others. Non-members get nothing. */
  async function joinLedger(socket: RealtimeSocket, ledgerId: unknown): Promise<boolean> {
    const seq = ++socket.data.joinSeq;
    const userId = socket.data.userId;
    if (Date.now() - socket.data.joinWindowStart > JOIN_LIMIT.windowMs) {
      socket.data.joinWindowStart = Date.now();
      socket.data.joinsInWindow = 0;
    }
    if (++socket.data.joinsInWindow > JOIN_LIMIT.joins) {
      app.log.warn({ userId }, 'join-ledger refused: too many joins');
      return false;
    }
    const parsed = ledgerIdSchema.safeParse(ledgerId);
    if (!parsed.success) {
      app.log.warn({ userId, ledgerId: String(ledgerId).slice(0, 80) }, 'join-ledger refused: not a ledger id');
      return false;
    }
    try {
      await loadMembership(ctx.db, parsed.data, userId);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      app.log.warn({ userId, ledgerId: parsed.data }, 'join-ledger refused: not a member');
      return false;
    }
    if (seq !== socket.data.joinSeq || socket.disconnected) return false;
    const target = ledgerRoom(parsed.data);
    for (const room of socket.rooms) if (isLedgerRoom(room) && room !== target) void socket.leave(room);
    await socket.join(target);
    return true;
  }

  function forwardLedgerEvent(e: LedgerEvent): void {
    const room = ledgerRoom(e.ledgerId);
    const payload = toPayload(e);
    const leaving = departingMember(e);
    if (!leaving) {
      io.to(room).emit(e.event, payload);
      return;
    }
    // Sent to the member's own room too: across instances the leave below may overtake the
    // broadcast, and the member must still hear that they were removed (a socket in both rooms
    // receives it once). Their sockets on other ledgers ignore it by its ledgerId.
    io.to([room, userRoom(leaving)]).emit(e.event, payload);
    io.in(userRoom(leaving)).socketsLeave(room);
  }

  const offLedger = ctx.bus.onLedger(forwardLedgerEvent);
  const offUser = ctx.bus.onUser((e) => {
    if (e.kind === 'user-changed') {
      // Every socket of theirs, on every instance: the web re-reads the user (issue 25).
      io.to(userRoom(e.userId)).emit(USER_CHANGED);
      return;
    }
    if (e.kind === 'binance-sync') {
      io.to(userRoom(e.userId)).emit(BINANCE_SYNC_EVENT);
      return;
    }
    if (e.kind === 'sessions-ended') {
      // Sessions closed (logout, from another device, reuse detected): only their sockets go (docs/product.md#account-security).
      if (e.sessionIds.length > 0) io.in(e.sessionIds.map(sessionRoom)).disconnectSockets(true);
      return;
    }
    // Deactivated or deleted: every socket of theirs, on every instance, goes now (docs/architecture.md#realtime).
    io.in(userRoom(e.userId)).disconnectSockets(true);
  });

  app.addHook('onReady', async () => {
    await adapter.ready();
  });
  // Before Fastify closes the HTTP server: drop our sockets (they would hold it open) and refuse new ones.
  app.addHook('preClose', async () => {
    closing = true;
    offLedger();
    offUser();
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await adapter.close();
  });

  return { io, adapter: kind };
}
