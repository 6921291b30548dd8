import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { linkFrom } from '../../apps/server/test/support/smtp-sink.ts';
import { E2E_ADMIN } from './admin.ts';
import { waitForMail } from './control.ts';

export { E2E_ADMIN };

export interface E2EUser {
  email: string;
  password: string;
  name: string;
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${inject('baseURL')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The token of the newest `/verify-email` link mailed to `email`. */
export async function verificationToken(email: string, notBefore?: Date): Promise<string> {
  const mail = await waitForMail(email, /verify-email\?token=/, 15_000, notBefore);
  return new URL(linkFrom(mail, '/verify-email')).searchParams.get('token')!;
}

/** Signs up through the API (no verification). */
export async function registerUser(opts: Partial<E2EUser> = {}): Promise<E2EUser> {
  const user: E2EUser = {
    email: opts.email ?? `u-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.test`,
    password: opts.password ?? 'Secreta123!',
    name: opts.name ?? 'Usuario E2E',
  };
  const res = await post('/api/auth/register', { email: user.email, password: user.password, user_name: user.name });
  if (res.status !== 201) throw new Error(`register ${user.email}: ${res.status} ${await res.text()}`);
  return user;
}

/** Signs up through the API and verifies with the link of the mail the SMTP sink captured. */
export async function registerVerifiedUser(opts: Partial<E2EUser> = {}): Promise<E2EUser> {
  const user = await registerUser(opts);
  const res = await post('/api/auth/verify-email', { token: await verificationToken(user.email) });
  if (!res.ok) throw new Error(`verify ${user.email}: ${res.status} ${await res.text()}`);
  return user;
}

/**
 * The e2e admin (ADMIN because the global setup registered it before anyone else). Registers it
 * if the server does not know it yet, which only works before any other user exists.
 */
export async function registerAdmin(): Promise<E2EUser> {
  const res = await post('/api/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  if (res.ok) return { ...E2E_ADMIN };
  return registerVerifiedUser({ ...E2E_ADMIN });
}

/** Signs in through the login form and waits for the dashboard. */
export async function loginAs(page: Page, user: Pick<E2EUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, user);
  await page.waitForURL(/\/dashboard(\?|$)/);
}

/** Fills and submits the 'Iniciar Sesión' form (the caller decides where it should land). */
export async function fillLogin(page: Page, user: Pick<E2EUser, 'email' | 'password'>): Promise<void> {
  const form = page.getByRole('form', { name: 'Iniciar Sesión' });
  await form.getByLabel('Email', { exact: true }).fill(user.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
}
