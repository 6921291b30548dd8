import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const FAKE_BOT_TOKEN = '123456:TEST-fake-bot-token-abcdefghij';

export interface SentMessage {
  chatId: number;
  text: string;
  /** Telegram formats only with a parse_mode; we never send one (plain text, docs/product.md#telegram-notices). */
  parseMode: unknown;
  at: number;
}

export type Failure = { status: 429; retryAfter: number } | { status: 403 } | { status: 400 } | { status: 500 } | { hang: true };

export interface FakeTelegram {
  url: string;
  /** Messages Telegram accepted, in order. */
  sent: SentMessage[];
  /** Every sendMessage call, accepted or not. */
  attempts: Array<{ chatId: number; at: number; status: number }>;
  /** getUpdates calls answered 409 because another one was in flight (two pollers at once). */
  conflicts: number;
  getUpdatesCalls: number;
  /** The next sendMessage calls to `chatId` fail like this, one failure per call, in order. */
  failNext(chatId: number, ...failures: Failure[]): void;
  /** Every call fails like this until `down(undefined)` (Telegram down: 500). */
  down(failure: Failure | undefined): void;
  /** A user writes to the bot. */
  userWrites(chatId: number, text: string, chatType?: string): void;
  waitFor<T>(probe: () => T | undefined | false, ms?: number, what?: string): Promise<T>;
  close(): Promise<void>;
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function fail(res: ServerResponse, f: Failure): number {
  if ('hang' in f) return 0;
  const descriptions: Record<number, string> = {
    429: 'Too Many Requests: retry later',
    403: 'Forbidden: bot was blocked by the user',
    400: 'Bad Request: chat not found',
    500: 'Internal Server Error',
  };
  answer(res, f.status, {
    ok: false,
    error_code: f.status,
    description: descriptions[f.status],
    ...(f.status === 429 ? { parameters: { retry_after: f.retryAfter } } : {}),
  });
  return f.status;
}

/**
 * A local stand-in for the Telegram Bot API (tests never reach the real one): getUpdates with
 * long polling (and Telegram's 409 when two pollers overlap), sendMessage with scripted 429
 * (retry_after), 403, 400 and 500 answers.
 */
export async function startFakeTelegram(token = FAKE_BOT_TOKEN): Promise<FakeTelegram> {
  const sent: SentMessage[] = [];
  const attempts: FakeTelegram['attempts'] = [];
  const scripted = new Map<number, Failure[]>();
  let outage: Failure | undefined;
  const updates: Array<{ update_id: number; message: unknown }> = [];
  let nextUpdateId = 1000;
  let polling = false;
  const wakers = new Set<() => void>();
  const fake = { conflicts: 0, getUpdatesCalls: 0 };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!m || m[1] !== token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = m[2];
      if (method === 'sendMessage') {
        const chatId = Number(body.chat_id);
        const f = scripted.get(chatId)?.shift() ?? outage;
        if (f) {
          attempts.push({ chatId, at: Date.now(), status: fail(res, f) });
          return;
        }
        attempts.push({ chatId, at: Date.now(), status: 200 });
        sent.push({ chatId, text: String(body.text), parseMode: body.parse_mode, at: Date.now() });
        return answer(res, 200, { ok: true, result: { message_id: sent.length, chat: { id: chatId }, text: body.text } });
      }
      if (method === 'getUpdates') {
        fake.getUpdatesCalls++;
        if (polling) {
          fake.conflicts++;
          return answer(res, 409, { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request' });
        }
        if (outage) return fail(res, outage);
        polling = true;
        const offset = Number(body.offset ?? 0);
        // Telegram forgets updates below the offset: they were confirmed.
        while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
        if (updates.length === 0) {
          const waitMs = Math.min(Number(body.timeout ?? 0), 50) * 1000;
          await new Promise<void>((resolve) => {
            const t = setTimeout(done, waitMs);
            function done() {
              clearTimeout(t);
              wakers.delete(done);
              resolve();
            }
            wakers.add(done);
            res.once('close', done);
          });
        }
        polling = false;
        if (res.destroyed) return;
        return answer(res, 200, { ok: true, result: updates.filter((u) => u.update_id >= offset) });
      }
      answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    attempts,
    get conflicts() {
      return fake.conflicts;
    },
    get getUpdatesCalls() {
      return fake.getUpdatesCalls;
    },
    failNext(chatId, ...failures) {
      scripted.set(chatId, [...(scripted.get(chatId) ?? []), ...failures]);
    },
    down(failure) {
      outage = failure;
    },
    userWrites(chatId, text, chatType = 'private') {
      updates.push({
        update_id: nextUpdateId++,
        message: { message_id: nextUpdateId, text, chat: { id: chatId, type: chatType }, from: { id: chatId, first_name: 'Tester' } },
      });
      for (const wake of [...wakers]) wake();
    },
    async waitFor(probe, ms = 10_000, what = 'condition') {
      const deadline = Date.now() + ms;
      for (;;) {
        const v = probe();
        if (v !== undefined && v !== false) return v as never;
        if (Date.now() > deadline) throw new Error(`fake Telegram: ${what} not met within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of [...wakers]) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
