import { linkFrom } from '../../apps/server/test/support/smtp-sink.ts';
import { openBrowser, type Session } from './browser.ts';
import { waitForMail } from './control.ts';

/*
 * Data for the journeys, put in through the API (the auth screens have their own journeys): a
 * verified account signed in in a browser session, and JSON calls as that account.
 */
const PASSWORD = 'Secreta123!';

export interface Account {
  email: string;
  token: string;
  refreshToken: string;
  user: { id: string; email: string; user_name: string };
}

/** A JSON call to the session's server; throws with the answer on anything but 2xx. */
export async function call<T>(s: Session, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(s.baseURL + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A verified user with the personal ledger "Mi Registro", signed in in this browser. */
export async function signUp(s: Session, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await call(s, 'POST', '/api/auth/register', { email, password: PASSWORD, user_name: name });
  const link = linkFrom(await waitForMail(email, /verify-email/), '/verify-email');
  await call(s, 'POST', '/api/auth/verify-email', { token: new URL(link).searchParams.get('token') });
  const login = await call<Omit<Account, 'email'>>(s, 'POST', '/api/auth/login', { email, password: PASSWORD });
  await s.page.goto('/esto/no/existe'); // any page of the origin, to reach its localStorage
  await s.page.evaluate((a) => {
    localStorage.setItem('authToken', a.token);
    localStorage.setItem('refreshToken', a.refreshToken);
    localStorage.setItem('userData', JSON.stringify(a.user));
  }, login);
  return { email, ...login };
}

/** The id of the account's own ledger (made at sign-up). */
export async function personalLedger(s: Session, a: Account): Promise<string> {
  const ledgers = await call<Array<{ id: string; ownerId: string }>>(s, 'GET', '/api/ledgers', undefined, a.token);
  const own = ledgers.find((l) => l.ownerId === a.user.id);
  if (!own) throw new Error('no personal ledger');
  return own.id;
}

/**
 * Ana owns a ledger and Beto has joined it, each signed in in their own browser (pushed to
 * `sessions`, which the test closes).
 */
export async function ledgerWithTwoMembers(sessions: Session[]) {
  const ana = await openBrowser();
  const beto = await openBrowser();
  sessions.push(ana, beto);
  const owner = await signUp(ana, 'Ana');
  const member = await signUp(beto, 'Beto');
  const ledgerId = await personalLedger(ana, owner);
  const { inviteCode } = await call<{ inviteCode: string }>(ana, 'GET', `/api/ledgers/${ledgerId}/invite`, undefined, owner.token);
  await call(beto, 'POST', '/api/ledgers/join', { inviteCode }, member.token);
  return { ana, beto, owner, member, ledgerId };
}
