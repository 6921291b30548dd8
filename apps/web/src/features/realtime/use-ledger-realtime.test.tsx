import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET } from '@arb/shared';
import { useLedgerRealtime, type LedgerRealtimeOptions } from './use-ledger-realtime';

/** A stand-in for socket.io-client's Socket: records emits, lets the test fire server events. */
class FakeSocket {
  handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  emitted: unknown[][] = [];
  connected = false;
  active = true;
  connectCalls = 0;
  options: Record<string, unknown>;
  constructor(options: Record<string, unknown>) {
    this.options = options;
  }
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  connect() {
    this.connectCalls += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  /** The server side: fire an event at the client. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  joins() {
    return this.emitted.filter(([e]) => e === 'join-ledger').map(([, id]) => id);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (opts: Record<string, unknown>) => {
    const s = new FakeSocket(opts);
    sockets.push(s);
    return s;
  },
}));
const refresh = vi.fn<() => Promise<boolean>>();
const expire = vi.fn<(notice?: string) => void>();
const userChanged = vi.fn<() => void>();
vi.mock('../../shared/lib/api-client', () => ({
  refreshSession: () => refresh(),
  expireSession: (notice?: string) => expire(notice),
  userChanged: () => userChanged(),
}));

const ME = '11111111-1111-4111-8111-111111111111';
const L1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const L2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function setup(initial: Partial<LedgerRealtimeOptions> = {}) {
  const handlers = { onChange: vi.fn(), onMemberRemoved: vi.fn(), onLedgerDeleted: vi.fn() };
  const initialProps: LedgerRealtimeOptions = { ledgerId: L1, fecha: '2026-03-02', ...handlers, ...initial };
  const hook = renderHook((props: LedgerRealtimeOptions) => useLedgerRealtime(props), { initialProps });
  const socket = sockets.at(-1)!;
  if (vi.isFakeTimers()) {
    // Opened in the next task, not in the commit (decision 0024); the tests below count retries only.
    expect(socket.connectCalls).toBe(0);
    vi.advanceTimersByTime(0);
    expect(socket.connectCalls).toBe(1);
    socket.connectCalls = 0;
  }
  return { ...hook, ...handlers, socket };
}

beforeEach(() => {
  sockets.length = 0;
  refresh.mockReset();
  localStorage.setItem('authToken', 'tok-1');
  localStorage.setItem('userData', JSON.stringify({ id: ME, email: 'yo@example.com' }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('useLedgerRealtime (docs/product.md#accounts-and-sessions, docs/api.md#calls, packages/shared/src/constants.ts)', () => {
  it('connects to the same origin with the socket constants and the stored token', () => {
    const { socket } = setup();
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      reconnectionAttempts: SOCKET.reconnectionAttempts,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 10000,
      autoConnect: false,
    });
    const auth = socket.options.auth as (cb: (data: object) => void) => void;
    let sent: object | undefined;
    auth((data) => (sent = data));
    expect(sent).toEqual({ token: 'tok-1' });
  });

  it('reports the connection and joins the ledger on connect and on ledger change', () => {
    const { socket, result, rerender, onChange } = setup();
    expect(result.current.connected).toBe(false);
    act(() => socket.fire('connect'));
    expect(result.current.connected).toBe(true);
    expect(socket.joins()).toEqual([L1]);
    rerender({ ledgerId: L2, fecha: '2026-03-02', onChange });
    expect(socket.joins()).toEqual([L1, L2]);
    act(() => socket.fire('disconnect', 'transport close'));
    expect(result.current.connected).toBe(false);
  });

  it('reloads on events of the day on screen, earlier days (carried forward) or no day; ignores later days and other ledgers', () => {
    const { socket, onChange } = setup();
    act(() => socket.fire('connect'));
    socket.fire('transaction-updated', { ledgerId: L1, type: 'CREATED', fecha: '2026-03-02', byUserId: 'x' });
    socket.fire('transaction-updated', { ledgerId: L1, type: 'CREATED', fecha: '2026-03-03', byUserId: 'x' });
    socket.fire('transaction-updated', { ledgerId: L1, type: 'DAILY_BALANCE_UPDATED', fecha: '2026-02-27', byUserId: 'x' });
    socket.fire('ledger-updated', { ledgerId: L1, type: 'NAME_UPDATED', byUserId: 'x' });
    socket.fire('balance-updated', { ledgerId: L2, type: 'DAILY_BALANCE_UPDATED', fecha: '2026-03-02', byUserId: 'x' });
    socket.fire('member-removed', { ledgerId: L1, type: 'MEMBER_REMOVED', byUserId: 'x', userId: 'someone-else' });
    expect(onChange.mock.calls.map(([c]) => [c.event, c.type])).toEqual([
      ['transaction-updated', 'CREATED'],
      ['transaction-updated', 'DAILY_BALANCE_UPDATED'],
      ['ledger-updated', 'NAME_UPDATED'],
      ['member-removed', 'MEMBER_REMOVED'],
    ]);
  });

  it('reloads after a reconnection (events were missed meanwhile), not on the first connection', () => {
    const onReconnect = vi.fn();
    const { socket } = setup({ onReconnect });
    act(() => socket.fire('connect'));
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(socket.emitted.filter(([e]) => e === 'join-ledger')).toHaveLength(2);
  });

  it('without a day on screen (the history), a change of any day of the ledger counts', () => {
    const { socket, onChange } = setup({ fecha: undefined });
    act(() => socket.fire('connect'));
    socket.fire('transaction-updated', { ledgerId: L1, type: 'CREATED', fecha: '2031-01-01', byUserId: 'x' });
    socket.fire('transaction-updated', { ledgerId: L1, type: 'DELETED', fecha: '2020-01-01', byUserId: 'x' });
    socket.fire('transaction-updated', { ledgerId: L2, type: 'CREATED', fecha: '2031-01-01', byUserId: 'x' });
    expect(onChange.mock.calls.map(([c]) => c.fecha)).toEqual(['2031-01-01', '2020-01-01']);
  });

  it('member-removed for the current user calls onMemberRemoved; a deleted ledger calls onLedgerDeleted', () => {
    const { socket, onChange, onMemberRemoved, onLedgerDeleted } = setup();
    socket.fire('member-removed', { ledgerId: L1, type: 'MEMBER_REMOVED', byUserId: 'owner', userId: ME });
    socket.fire('ledger-updated', { ledgerId: L1, type: 'DELETED', byUserId: 'owner' });
    expect(onMemberRemoved).toHaveBeenCalledWith(expect.objectContaining({ userId: ME, event: 'member-removed' }));
    expect(onLedgerDeleted).toHaveBeenCalledWith(expect.objectContaining({ type: 'DELETED' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('re-reads the stored user when the server says an administrator changed it (issue 25), whatever ledger is on screen', () => {
    const { socket, onChange } = setup();
    act(() => socket.fire('connect'));
    userChanged.mockClear();
    act(() => socket.fire('user-changed'));
    expect(userChanged).toHaveBeenCalledOnce();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('retries 2 s after a server disconnect', () => {
    vi.useFakeTimers();
    const { socket } = setup();
    act(() => socket.fire('connect'));
    act(() => socket.fire('disconnect', 'io server disconnect'));
    vi.advanceTimersByTime(SOCKET.serverDisconnectRetryMs - 1);
    expect(socket.connectCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(1);
  });

  it('retries 3 s after a refused handshake, at most 3 times in a row', () => {
    vi.useFakeTimers();
    const { socket } = setup();
    socket.active = false;
    for (let i = 1; i <= 4; i++) {
      act(() => socket.fire('connect_error', Object.assign(new Error('x'), { data: { code: 'INTERNAL_ERROR' } })));
      vi.advanceTimersByTime(SOCKET.connectErrorRetryMs);
    }
    expect(socket.connectCalls).toBe(3);
  });

  it('the online event starts the reconnection again after the 3 attempts were spent (they count per outage, docs/product.md#working-offline)', () => {
    vi.useFakeTimers();
    const { socket } = setup();
    socket.active = false;
    const refuse = () => act(() => socket.fire('connect_error', Object.assign(new Error('x'), { data: { code: 'INTERNAL_ERROR' } })));
    for (let i = 1; i <= 4; i++) {
      refuse();
      vi.advanceTimersByTime(SOCKET.connectErrorRetryMs);
    }
    expect(socket.connectCalls).toBe(3); // gave up
    act(() => void window.dispatchEvent(new Event('online')));
    expect(socket.connectCalls).toBe(4);
    // A fresh count: three more retries after this outage's first failure, then nothing.
    for (let i = 1; i <= 4; i++) {
      refuse();
      vi.advanceTimersByTime(SOCKET.connectErrorRetryMs);
    }
    expect(socket.connectCalls).toBe(7);
    // Connected: the online event leaves it alone.
    act(() => socket.fire('connect'));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(socket.connectCalls).toBe(7);
  });

  it('an expired token whose refresh gets no answer is retried like any connection failure', async () => {
    vi.useFakeTimers();
    expire.mockReset();
    refresh.mockRejectedValue(Object.assign(new Error('Error de conexión'), { status: 0 }));
    const { socket } = setup();
    socket.active = false;
    act(() => socket.fire('connect_error', Object.assign(new Error('Sesión expirada'), { data: { code: 'TOKEN_EXPIRED' } })));
    await vi.advanceTimersByTimeAsync(SOCKET.connectErrorRetryMs);
    expect(socket.connectCalls).toBe(1);
    expect(expire).not.toHaveBeenCalled();
  });

  it('refreshes an expired token, then reconnects', async () => {
    vi.useFakeTimers();
    refresh.mockResolvedValue(true);
    const { socket } = setup();
    socket.active = false;
    act(() => socket.fire('connect_error', Object.assign(new Error('Sesión expirada'), { data: { code: 'TOKEN_EXPIRED' } })));
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SOCKET.connectErrorRetryMs);
    expect(socket.connectCalls).toBe(1);
  });

  it('gives up on a disabled account and leaves transport failures to the client’s own reconnection', () => {
    vi.useFakeTimers();
    const { socket } = setup();
    act(() => socket.fire('connect_error', new Error('xhr poll error')));
    socket.active = false;
    act(() => socket.fire('connect_error', Object.assign(new Error('x'), { data: { code: 'ACCOUNT_DISABLED' } })));
    vi.advanceTimersByTime(10_000);
    expect(socket.connectCalls).toBe(0);
    expect(refresh).not.toHaveBeenCalled();
    // …and ends the session at once with the reason (issue 25), not at the next click.
    expect(expire).toHaveBeenCalledWith('Tu cuenta está desactivada. Contacta al administrador.');
  });

  it('opens the socket in a task after the commit, and not at all when the page left meanwhile', () => {
    vi.useFakeTimers();
    const first = renderHook(() => useLedgerRealtime({ ledgerId: L1, onChange: vi.fn() }));
    const opened = sockets.at(-1)!;
    expect(opened.connectCalls).toBe(0);
    vi.advanceTimersByTime(0);
    expect(opened.connectCalls).toBe(1);
    first.unmount();

    const second = renderHook(() => useLedgerRealtime({ ledgerId: L1, onChange: vi.fn() }));
    const left = sockets.at(-1)!;
    second.unmount();
    vi.advanceTimersByTime(1000);
    expect(left.connectCalls).toBe(0);
  });

  it('closes the socket when the page goes away', () => {
    const { socket, unmount } = setup();
    act(() => socket.fire('connect'));
    unmount();
    expect(socket.connected).toBe(false);
    expect(socket.handlers.size).toBe(0);
  });
  it('opens no socket while held back (the dashboard waits for its list to paint), then connects; pending until the first attempt ends', () => {
    const onChange = vi.fn();
    const props = (enabled: boolean): LedgerRealtimeOptions => ({ ledgerId: L1, fecha: '2026-03-02', onChange, enabled });
    const hook = renderHook((p: LedgerRealtimeOptions) => useLedgerRealtime(p), { initialProps: props(false) });
    expect(sockets).toHaveLength(0);
    expect(hook.result.current).toEqual({ connected: false, pending: true });
    hook.rerender(props(true));
    expect(sockets).toHaveLength(1);
    expect(hook.result.current.pending).toBe(true);
    act(() => sockets[0]!.fire('connect'));
    expect(hook.result.current).toEqual({ connected: true, pending: false });
    expect(sockets[0]!.joins()).toEqual([L1]);
    // A later drop is 'Desconectado', not pending again.
    act(() => sockets[0]!.fire('disconnect', 'transport close'));
    expect(hook.result.current).toEqual({ connected: false, pending: false });
  });

  it('a failed first attempt ends pending (the chip then says Desconectado)', () => {
    const { socket, result } = setup();
    expect(result.current.pending).toBe(true);
    act(() => socket.fire('connect_error', new Error('xhr poll error')));
    expect(result.current).toEqual({ connected: false, pending: false });
  });
});
