import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/db/embedded-postgres.ts';
import { totpCode } from '../apps/server/test/support/totp.ts';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { fillLogin, loginAs, registerVerifiedUser } from './support/users.ts';

describe('account security (docs/product.md#account-security)', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('turns two-factor on by scanning (the secret read from the page), logs out, and signs in with a code', async () => {
    const { page } = s;
    const user = await registerVerifiedUser({ name: 'Dos Pasos' });
    await loginAs(page, user);
    await page.goto('/membership');
    await page.getByRole('heading', { name: 'Seguridad' }).waitFor();
    await page.getByText('Desactivada').waitFor();
    // This browser's own session is listed.
    await page.getByText('Esta sesión').waitFor();

    await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Contraseña actual').fill(user.password);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByRole('img', { name: 'QR' }).waitFor();
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'security-2fa-scan');
    // What the authenticator app shows now.
    await dialog.getByLabel('Código de verificación').fill(totpCode(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await dialog.getByText('Códigos de recuperación').waitFor();
    expect(await dialog.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await page.getByText('Activada', { exact: true }).waitFor();

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(/\/login/);
    await fillLogin(page, user);
    const second = page.getByRole('form', { name: 'Código de verificación' });
    await second.getByLabel('Código de verificación').waitFor();
    await second.getByRole('button', { name: 'Usar un código de recuperación' }).waitFor();
    // A wrong code is refused and the step stays.
    await second.getByLabel('Código de verificación').fill('000000' === totpCode(secret, Date.now() + 30_000) ? '111111' : '000000');
    await second.getByRole('button', { name: 'Verificar' }).click();
    await second.getByText('Código de verificación inválido').waitFor();
    // The code of the next step (the one used to enable is spent; ±1 step is accepted).
    await second.getByLabel('Código de verificación').fill(totpCode(secret, Date.now() + 30_000));
    await second.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/\/dashboard(\?|$)/);
  });
});

describe('with REQUIRE_EMAIL_VERIFICATION=false (docs/product.md#account-security)', () => {
  let server: ChildProcess | undefined;
  let s: Session | undefined;
  afterEach(async () => {
    await s?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
  });

  it('an unverified user reaches the dashboard, never /verify-email-required', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logs: string[] = [];
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'arb-e2e-noverify-')),
        BACKUP_EVERY_HOURS: '0',
        DATABASE_URL: '',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        LOG_LEVEL: 'warn',
        RATES_OFICIAL_URL: 'http://127.0.0.1:9/oficial',
        RATES_PARALELO_URL: 'http://127.0.0.1:9/paralelo',
        RATES_HISTORY_URL: 'http://127.0.0.1:9/historicos',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr?.on('data', (b: Buffer) => logs.push(b.toString()));
    const deadline = Date.now() + 50_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${logs.join('')}`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${logs.join('')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const email = `sinverificar-${Date.now().toString(36)}@e2e.test`;
    const reg = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Secreta123!', user_name: 'Sin Verificar' }),
    });
    expect(reg.status).toBe(201);
    s = await openBrowser();
    const { page } = s;
    await page.goto(`${url}/login`);
    await fillLogin(page, { email, password: 'Secreta123!' });
    await page.waitForURL(/\/dashboard(\?|$)/);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
    expect(page.url()).not.toContain('verify-email-required');
  }, 90_000);
});
