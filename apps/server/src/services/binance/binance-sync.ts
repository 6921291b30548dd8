import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { binanceForbiddenPermissions, messages, t, type BinanceSyncAnswer, type BinanceSyncResult } from '@arb/shared';
import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { hitRateLimit } from '../rate-limit.ts';
import { secretBox, type SecretBox } from '../../lib/secret-box.ts';
import { checkCuentaRefs } from '../cuentas/cuenta-checks.ts';
import { commitOrders } from '../imports/import-service.ts';
import { authorize, loadMembership } from '../ledger-access.ts';
import { BinanceError, createBinanceClient, type BinanceClient } from './binance-client.ts';
import { dbIpPause } from './ip-pause.ts';
import {
  claimLink,
  deleteLink,
  dueLinks,
  finishRun,
  linkStatus,
  reactivateLink,
  readLink,
  saveLink,
  stopLink,
  type LinkRow,
} from './link-store.ts';
import { mapBinanceOrder, payMethodMatcher, type SyncOrder } from './map-order.ts';
import { notifySyncStopped } from './notify-user.ts';
import { allPages, PAGE_ROWS, RUN_MAX_ORDERS, syncStart, syncWindows, TooManyPages, WINDOW_MAX_ORDERS } from './windows.ts';
import type { BinanceSync } from './binance-sync-api.ts';

export type { BinanceSync } from './binance-sync-api.ts';

/**
 * The Binance sync with a read-only key (docs/product.md#binance-sync; DESIGN §23, §28). Linking
 * checks the key with Binance before sealing it; a run (manual or periodic) re-checks the key and
 * the user's right to add transactions, fetches BUY and SELL in ≤ 30-day windows from the
 * cursor, maps the orders as the file import does and commits them through the import's one
 * change path. Nothing here holds a database connection while Binance answers, so a slow or
 * hanging Binance slows no other request. Every answer is bounded before it is read (size, rows,
 * fields, time: docs/decisions/0058), and a 418/429 pauses every instance through the database.
 */
export interface BinanceSyncOptions {
  baseUrl: string;
  jwtSecret: string;
  /** Per Binance call (10 s, DESIGN §28); tests shorten it. */
  timeoutMs?: number;
  /** How long POST /sync waits for the run before answering 202 (10 s, DESIGN §28). */
  answerWithinMs?: number;
  /** A run calls Binance for at most this long (10 minutes; under the claim's 15): tests shorten it. */
  runLimitMs?: number;
  /** BINANCE_SYNC_MINUTES: 0 = no periodic runs. */
  everyMinutes: number;
  log: FastifyBaseLogger;
}

/** "14:05": when a wait ends, as the user reads the clock. */
function horaCaracas(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-VE', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
}

/** Link attempts a user may make in a window (each one calls Binance). */
const LINK_ATTEMPTS = 10;
const LINK_WINDOW_MS = 15 * 60_000;

/** The periodic rounds' advisory lock (a constant of ours, like the backup writer's). */
const SYNC_LOCK_KEY = 7_341_002_046;

/** How long one run may call Binance: under the claim's 15 minutes (link-store CLAIM_TTL_MINUTES), so no claim lapses mid-run. */
const RUN_LIMIT_MS = 10 * 60_000;

type RunOutcome = { answer: BinanceSyncAnswer; ultima: BinanceSyncResult; cursorMs: number | null; esperaHasta: Date | null };

/** `getCtx` is read at each call: the sync is built inside the context it then uses. */
export function createBinanceSync(o: BinanceSyncOptions, getCtx: () => AppContext): BinanceSync {
  const box: SecretBox = secretBox(o.jwtSecret, 'binance-api-key');
  const timeoutMs = o.timeoutMs ?? 10_000;
  const answerWithinMs = o.answerWithinMs ?? 10_000;
  const runLimitMs = o.runLimitMs ?? RUN_LIMIT_MS;
  const runs = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let round: Promise<unknown> | undefined;
  let stopping = false;

  /** Until when a 429/418 says to wait (the client has already paused every instance: docs/decisions/0058). */
  const waitFor = (err: BinanceError): Date => new Date(Date.now() + (err.retryAfterMs ?? 60_000));

  /** A client that honours the shared pause; a run's also stops calling at its time limit. */
  const client = (ctx: AppContext, apiKey: string, apiSecret: string, deadline?: number): BinanceClient =>
    createBinanceClient({
      baseUrl: o.baseUrl,
      apiKey,
      apiSecret,
      timeoutMs,
      pause: dbIpPause(ctx.db),
      ...(deadline !== undefined ? { deadline } : {}),
    });

  /** The user may still add transactions in the ledger (membership, viewer, the membership gate). */
  async function mayAdd(ctx: AppContext, userId: string, ledgerId: string): Promise<boolean> {
    const u = await ctx.db.execute<{ role: 'USER' | 'ADMIN'; membership_end: Date | null; is_active: boolean }>(
      sql`select role, membership_end, is_active from users where id = ${userId}`,
    );
    const user = u.rows[0];
    if (!user?.is_active) return false;
    try {
      const m = await loadMembership(ctx.db, ledgerId, userId);
      const end = user.membership_end === null ? null : new Date(user.membership_end);
      authorize(m, 'addTransaction', {
        membershipRequired: ctx.config.MEMBERSHIP_REQUIRED,
        user: { role: user.role, membershipEnd: end },
        now: ctx.now(),
      });
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  }

  /** The link's accounts are still this ledger's and active. */
  async function accountsUsable(ctx: AppContext, link: LinkRow): Promise<boolean> {
    try {
      await checkCuentaRefs(ctx.db, link.ledger_id!, [
        { id: link.cuenta_usd_id, moneda: 'USD', field: 'cuenta_usd_id' },
        { id: link.cuenta_ves_id, moneda: 'VES', field: 'cuenta_ves_id' },
      ]);
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  }

  async function stop(ctx: AppContext, userId: string, estado: 'rechazada' | 'sin_permiso', motivo: string, notice: string): Promise<void> {
    if (await stopLink(ctx.db, userId, estado, motivo))
      await notifySyncStopped(ctx.db, {
        userId,
        text: notice,
        appUrl: ctx.config.APP_URL,
        telegramOn: Boolean(ctx.config.telegramBotToken),
      });
  }

  /** The VES accounts of the ledger held by the link's user, with their payment methods (DESIGN §28). */
  async function accountMatcher(ctx: AppContext, link: LinkRow) {
    const r = await ctx.db.execute<{ id: string; metodos: string[] }>(sql`
      select id, metodos_binance as metodos from cuentas
      where ledger_id = ${link.ledger_id} and titular_id = ${link.user_id} and moneda = 'VES' and not archivada`);
    return payMethodMatcher(
      r.rows.map((c) => ({ id: c.id, metodos: Array.isArray(c.metodos) ? c.metodos : [] })),
      link.cuenta_ves_id,
    );
  }

  /** One run on a claimed link; never throws for Binance's failures (they become the result's `error`). */
  async function run(ctx: AppContext, link: LinkRow, manual: boolean): Promise<RunOutcome> {
    const startedAt = ctx.now();
    const result = (r: Partial<BinanceSyncAnswer> & { batchId?: string | null }): RunOutcome => {
      const answer: BinanceSyncAnswer = {
        batch: r.batch ?? null,
        creadas: r.creadas ?? 0,
        duplicadas: r.duplicadas ?? 0,
        omitidas: r.omitidas ?? 0,
        error: r.error ?? null,
      };
      const ultima: BinanceSyncResult = {
        at: startedAt.toISOString(),
        creadas: answer.creadas,
        duplicadas: answer.duplicadas,
        omitidas: answer.omitidas,
        error: answer.error,
        batchId: answer.batch?.id ?? null,
      };
      return { answer, ultima, cursorMs: cursor, esperaHasta };
    };
    let cursor = link.cursor_ms === null ? null : Number(link.cursor_ms);
    let esperaHasta: Date | null = null;
    let outcome: RunOutcome;
    try {
      const apiKey = box.open(link.api_key_sealed);
      const apiSecret = box.open(link.api_secret_sealed);
      if (apiKey === undefined || apiSecret === undefined) {
        // JWT_SECRET changed: the sealed key no longer opens (DESIGN §28).
        await stop(
          ctx,
          link.user_id,
          'rechazada',
          messages.binanceKeyUndecryptable,
          `${messages.binanceKeyStopped}. ${messages.binanceKeyUndecryptable}.`,
        );
        return result({ error: messages.binanceKeyUndecryptable });
      }
      if (!link.ledger_id || !(await mayAdd(ctx, link.user_id, link.ledger_id)) || !(await accountsUsable(ctx, link))) {
        await stop(ctx, link.user_id, 'sin_permiso', messages.binanceSinPermiso, messages.binanceSinPermiso);
        return result({ error: messages.binanceSinPermiso });
      }
      // A 429/418's Retry-After holds for manual runs too: Binance is not called before it (DESIGN §23),
      // whichever instance was told (docs/decisions/0058).
      const paused = await dbIpPause(ctx.db).remainingMs();
      const waitUntil = Math.max(paused > 0 ? Date.now() + paused : 0, link.espera_hasta ? Date.parse(link.espera_hasta) : 0);
      if (Date.now() < waitUntil) {
        esperaHasta = new Date(waitUntil);
        return result({ error: t('binanceRetryAfter', { hora: horaCaracas(esperaHasta, ctx.config.APP_TIMEZONE) }) });
      }
      const api = client(ctx, apiKey, apiSecret, Date.now() + runLimitMs);
      // Each run re-checks the key: a key that gained a power is stopped, naming it (DESIGN §28).
      const forbidden = binanceForbiddenPermissions(await api.apiRestrictions());
      if (forbidden.length > 0) {
        const motivo = t('binanceKeyNotReadOnly', { permisos: forbidden.join(', ') });
        await stop(ctx, link.user_id, 'rechazada', motivo, `${messages.binanceKeyStopped}. ${motivo}.`);
        return result({ error: motivo });
      }
      if (manual) await reactivateLink(ctx.db, link.user_id);

      const accountFor = await accountMatcher(ctx, link);
      const nowMs = ctx.now().getTime();
      const seen = new Map<string, SyncOrder>();
      let omitidas = 0;
      let duplicadas = 0;
      let pendingOldest: number | undefined;
      let completeEnd: number | undefined;
      let failure: BinanceError | undefined;
      for (const w of syncWindows(syncStart(cursor, nowMs), nowMs)) {
        // A run holds at most the rows one file may bring: a window that could pass that waits for
        // the next run, which goes on from the cursor (docs/decisions/0058).
        if (seen.size + WINDOW_MAX_ORDERS > RUN_MAX_ORDERS) break;
        try {
          for (const tradeType of ['BUY', 'SELL'] as const) {
            // Each page is mapped as it arrives: only the small mapped orders are held, never raw pages.
            const mapped = await allPages(async (page) =>
              (await api.orderHistory({ tradeType, startTimestamp: w.start, endTimestamp: w.end, page, rows: PAGE_ROWS })).map((raw) =>
                mapBinanceOrder(raw as Record<string, unknown>, ctx.config.APP_TIMEZONE, accountFor),
              ),
            );
            for (const m of mapped) {
              if (m.kind === 'pending') pendingOldest = Math.min(pendingOldest ?? m.createTime, m.createTime);
              else if (m.kind === 'skipped') omitidas++;
              else if (seen.has(m.order.orderNumber)) duplicadas++;
              else seen.set(m.order.orderNumber, m.order);
            }
          }
          completeEnd = w.end;
        } catch (err) {
          if (err instanceof TooManyPages) failure = new BinanceError('unavailable', err.message);
          else if (!(err instanceof BinanceError) || err.kind === 'rejected') throw err;
          else failure = err;
          break;
        }
      }
      // The cursor advances only past complete windows, and never past an order that may still complete (DESIGN §28).
      if (completeEnd !== undefined) cursor = Math.min(completeEnd + 1, pendingOldest ?? Infinity);
      const orders = [...seen.values()];
      const batch =
        orders.length === 0
          ? null
          : await commitOrders(ctx, {
              ledgerId: link.ledger_id,
              userId: link.user_id,
              fileName: messages.binanceSyncFileName,
              orders,
              duplicateInFile: 0,
              skipped: omitidas,
              cuenta_usd_id: link.cuenta_usd_id,
              cuenta_ves_id: link.cuenta_ves_id,
              dropWhenEmpty: true,
            });
      const creadas = batch?.created ?? 0;
      duplicadas += orders.length - creadas;
      let error: string | null = null;
      if (failure) {
        if (failure.kind === 'wait') {
          esperaHasta = waitFor(failure);
          error = t('binanceRetryAfter', { hora: horaCaracas(esperaHasta, ctx.config.APP_TIMEZONE) });
        } else error = messages.binanceServerError;
        o.log.warn({ binance: failure.detail, status: failure.status, userId: link.user_id }, 'binance sync stopped early');
      }
      outcome = result({ batch, creadas, duplicadas, omitidas, error });
    } catch (err) {
      if (err instanceof BinanceError && err.kind === 'rejected') {
        await stop(ctx, link.user_id, 'rechazada', messages.binanceKeyRejected, messages.binanceKeyStopped);
        outcome = result({ error: messages.binanceKeyStopped });
      } else if (err instanceof BinanceError && err.kind === 'wait') {
        esperaHasta = waitFor(err);
        outcome = result({ error: t('binanceRetryAfter', { hora: horaCaracas(esperaHasta, ctx.config.APP_TIMEZONE) }) });
      } else if (err instanceof BinanceError) {
        outcome = result({ error: messages.binanceServerError });
      } else {
        o.log.error({ err, userId: link.user_id }, 'binance sync failed');
        outcome = result({ error: messages.internalError });
      }
    }
    return outcome;
  }

  /** Runs a claimed link to the end: stores the result, releases the claim, tells the user's sockets. */
  function runClaimed(ctx: AppContext, link: LinkRow, manual: boolean): Promise<RunOutcome> {
    const p = (async () => {
      let outcome: RunOutcome | undefined;
      try {
        outcome = await run(ctx, link, manual);
        return outcome;
      } finally {
        // Always released, even when the run itself failed: a claim never outlives its run here.
        const ultima = outcome?.ultima ?? {
          at: ctx.now().toISOString(),
          creadas: 0,
          duplicadas: 0,
          omitidas: 0,
          error: messages.internalError,
          batchId: null,
        };
        await finishRun(ctx.db, link.user_id, {
          ultima,
          cursorMs: outcome ? outcome.cursorMs : link.cursor_ms === null ? null : Number(link.cursor_ms),
          esperaHasta: outcome?.esperaHasta ?? null,
        }).catch((err: unknown) => o.log.error({ err }, 'binance sync result not stored'));
        ctx.bus.publishUser({ kind: 'binance-sync', userId: link.user_id });
      }
    })();
    runs.add(p);
    void p.finally(() => runs.delete(p)).catch(() => undefined);
    return p;
  }

  return {
    async link(user, data) {
      const ctx = getCtx();
      const m = await loadMembership(ctx.db, data.ledgerId, user.id);
      authorize(m, 'addTransaction', { membershipRequired: ctx.config.MEMBERSHIP_REQUIRED, user, now: ctx.now() });
      await checkCuentaRefs(ctx.db, data.ledgerId, [
        { id: data.cuenta_usd_id, moneda: 'USD', field: 'cuenta_usd_id' },
        { id: data.cuenta_ves_id, moneda: 'VES', field: 'cuenta_ves_id' },
      ]);
      // Each attempt calls Binance with the key given: at most 10 a user per 15 minutes, so the
      // server cannot be used to try keys against Binance.
      const hits = await hitRateLimit(ctx.db, `binance-link:${user.id}`, LINK_WINDOW_MS, ctx.now());
      if (hits.count > LINK_ATTEMPTS) {
        const seconds = (hits.resetAt.getTime() - ctx.now().getTime()) / 1000;
        throw tooManyRequests(t('binanceTooManyLinks', { minutos: Math.max(1, Math.ceil(seconds / 60)) }), seconds);
      }
      let restrictions: Record<string, unknown>;
      try {
        restrictions = await client(ctx, data.apiKey, data.apiSecret).apiRestrictions();
      } catch (err) {
        if (!(err instanceof BinanceError)) throw err;
        if (err.kind === 'rejected') throw new AppError('BINANCE_KEY_REJECTED', messages.binanceKeyRejected);
        throw new AppError('BINANCE_UNAVAILABLE', messages.binanceUnavailable);
      }
      const forbidden = binanceForbiddenPermissions(restrictions);
      if (forbidden.length > 0)
        throw new AppError('BINANCE_KEY_NOT_READ_ONLY', t('binanceKeyNotReadOnly', { permisos: forbidden.join(', ') }));
      await saveLink(ctx.db, {
        userId: user.id,
        ledgerId: data.ledgerId,
        apiKeySealed: box.seal(data.apiKey),
        apiSecretSealed: box.seal(data.apiSecret),
        apiKeyEnd: data.apiKey.slice(-4),
        ipRestrict: restrictions.ipRestrict === true,
        cuentaUsdId: data.cuenta_usd_id ?? null,
        cuentaVesId: data.cuenta_ves_id ?? null,
      });
      return linkStatus(await readLink(ctx.db, user.id));
    },
    async status(userId) {
      const ctx = getCtx();
      return linkStatus(await readLink(ctx.db, userId));
    },
    async unlink(userId) {
      const ctx = getCtx();
      await deleteLink(ctx.db, userId);
    },
    async syncNow(userId) {
      const ctx = getCtx();
      const link = await claimLink(ctx.db, userId, false);
      if (!link) {
        if (await readLink(ctx.db, userId)) throw new AppError('SYNC_EN_CURSO', messages.binanceSyncEnCurso);
        throw new AppError('NOT_FOUND', messages.binanceNotLinked);
      }
      const p = runClaimed(ctx, link, true);
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timeout = setTimeout(() => resolve(null), answerWithinMs)));
      try {
        const done = await Promise.race([p, late]);
        return done === null ? null : done.answer;
      } finally {
        clearTimeout(timeout);
      }
    },
    async runRound() {
      const ctx = getCtx();
      const client = await ctx.database.pool.connect();
      let ran = 0;
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [SYNC_LOCK_KEY]);
        if (!rows[0]?.ok) return 0;
        try {
          const pause = dbIpPause(ctx.db);
          for (const userId of await dueLinks(ctx.db)) {
            if (stopping) break;
            // Paused by any instance's 418/429: the rest of the round waits for the next one.
            if ((await pause.remainingMs()) > 0) break;
            const link = await claimLink(ctx.db, userId, true);
            if (!link) continue;
            await runClaimed(ctx, link, false);
            ran++;
          }
        } finally {
          await client.query('select pg_advisory_unlock($1)', [SYNC_LOCK_KEY]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
      return ran;
    },
    start() {
      if (o.everyMinutes <= 0 || running) return;
      running = true;
      const periodMs = o.everyMinutes * 60_000;
      const tick = () => {
        if (!running) return;
        round = this.runRound()
          .catch((err: unknown) => o.log.error({ err }, 'binance sync round failed'))
          .finally(() => {
            round = undefined;
            if (running) timer = setTimeout(tick, periodMs);
          });
      };
      timer = setTimeout(tick, periodMs);
    },
    async stop() {
      running = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
      await Promise.allSettled([...runs]);
    },
  };
}
