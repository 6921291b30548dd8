/**
 * The few Bot API methods we use, over plain fetch (docs/product.md#telegram-notices; decision 0010). Every call is
 * bounded by a time-out (10 s); a failed call becomes a BotApiError that says how to treat it.
 */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    message_id: number;
    text?: string;
    chat: { id: number; type: string };
    from?: { id: number; first_name?: string };
  };
}

export type BotApiFailure =
  /** 429: wait `retryAfterS` then try again. */
  | 'rate-limited'
  /** 403: the user blocked the bot (or the chat is gone): unlink. */
  | 'blocked'
  /** Any other 4xx: this message will never be accepted. */
  | 'permanent'
  /** 5xx, time-out, network: retry with backoff. */
  | 'transient';

export class BotApiError extends Error {
  constructor(
    readonly kind: BotApiFailure,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export interface BotApi {
  sendMessage(chatId: number, text: string): Promise<void>;
  /** Long polls for up to `waitS` seconds; the HTTP call is allowed `waitS` + the time-out. */
  getUpdates(offset: number, waitS: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

export function createBotApi(opts: { apiUrl: string; token: string; timeoutMs?: number }): BotApi {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const call = async <T>(method: string, body: unknown, extraMs = 0, outer?: AbortSignal): Promise<T> => {
    const signals = [AbortSignal.timeout(timeoutMs + extraMs), ...(outer ? [outer] : [])];
    let res: Response;
    try {
      res = await fetch(`${opts.apiUrl}/bot${opts.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any(signals),
      });
    } catch (err) {
      // Never log the URL: it holds the token.
      throw new BotApiError('transient', `${method}: ${err instanceof Error ? err.name : 'network error'}`);
    }
    let answer: BotAnswer<T> | undefined;
    try {
      answer = (await res.json()) as BotAnswer<T>;
    } catch {
      answer = undefined;
    }
    if (res.ok && answer?.ok) return answer.result as T;
    const what = `${method}: ${res.status} ${answer?.description ?? ''}`.trim();
    if (res.status === 429) throw new BotApiError('rate-limited', what, Math.max(1, answer?.parameters?.retry_after ?? 1));
    if (res.status === 403) throw new BotApiError('blocked', what);
    if (res.status >= 400 && res.status < 500) throw new BotApiError('permanent', what);
    throw new BotApiError('transient', what);
  };
  return {
    async sendMessage(chatId, text) {
      // Plain text (no parse_mode): names and notes can hold <b> or * without formatting anything.
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
    getUpdates(offset, waitS, signal) {
      return call<TelegramUpdate[]>('getUpdates', { offset, timeout: waitS, allowed_updates: ['message'] }, waitS * 1000, signal);
    },
  };
}
