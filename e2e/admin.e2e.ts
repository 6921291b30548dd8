import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { addDays, formatDate, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { waitForMail } from './support/control.ts';
import { E2E_ADMIN, loginAs, registerVerifiedUser, type E2EUser } from './support/users.ts';
import type { Page } from 'playwright-core';
import { totpCode } from '../apps/server/test/support/totp.ts';

async function findRow(page: Page, email: string) {
  const search = page.getByLabel('Buscar usuarios');
  await search.fill(email);
  const row = page.getByTestId(`user-row-${email}`);
  await row.waitFor();
  return row;
}

async function apiLogin(user: Pick<E2EUser, 'email' | 'password'>): Promise<number> {
  const res = await fetch(`${inject('baseURL')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return res.status;
}

describe('Panel de Administración', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openBrowser();
  });
  afterEach(async () => s.close());

  it('promotes, deactivates and reactivates, opens transactions and proofs, sets and removes a membership, changes an email, cannot delete itself', async () => {
    const promoted = await registerVerifiedUser({ name: 'Futura Admin' });
    const other = await registerVerifiedUser({ name: 'Usuario Suspendible' });
    // Futura Admin signed in on her own computer before being promoted.
    const hers = await openBrowser();
    await loginAs(hers.page, promoted);
    const page = s.page;
    await loginAs(page, E2E_ADMIN);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    await page.getByRole('heading', { name: 'Gestión de Usuarios' }).waitFor();

    // Promote: the role select changes the role as soon as a value is chosen.
    let row = await findRow(page, promoted.email);
    await row.getByText('1 creados').waitFor();
    await row.getByText('0 miembros').waitFor();
    await row.getByText('No activo').waitFor();
    await row.getByRole('button', { name: `Cambiar Rol: ${promoted.email}` }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Cambiar Rol' });
    await roleDialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Administrador' }).click();
    await page.getByText('Rol actualizado exitosamente').waitFor();
    await row.getByText('ADMIN', { exact: true }).waitFor();
    // Her open dashboard offers 'Admin' at once, without reloading, and it opens the
    // administration: no signing out and in again (issue 25).
    try {
      await hers.page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
      await hers.page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
      expect(new URL(hers.page.url()).pathname).toBe('/admin');
    } finally {
      await hers.close();
    }

    // Deactivate: their sessions end and they cannot log in; reactivate restores it.
    row = await findRow(page, other.email);
    await row.getByRole('switch', { name: `Activo: ${other.email}` }).click();
    await page.getByText('Usuario desactivado exitosamente').waitFor();
    await row.getByText('Inactivo', { exact: true }).waitFor();
    expect(await apiLogin(other)).toBe(403);
    await row.getByRole('switch', { name: `Activo: ${other.email}` }).click();
    await page.getByText('Usuario activado exitosamente').waitFor();
    await row.getByText('Activo', { exact: true }).waitFor();
    expect(await apiLogin(other)).toBe(200);

    // Transactions and proofs dialogs, with their empty states.
    await row.getByRole('button', { name: `Ver Transacciones: ${other.email}` }).click();
    const txDialog = page.getByRole('dialog', { name: `Transacciones de Usuario Suspendible (${other.email})` });
    await txDialog.getByText('No hay transacciones para este usuario.').waitFor();
    await txDialog.getByRole('button', { name: 'Cerrar' }).click();
    await row.getByRole('button', { name: `Ver Comprobantes: ${other.email}` }).click();
    await page.getByText('No hay comprobantes de pago').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();

    // Membership, from the keyboard: the day it runs to shows as the expiry, with the status;
    // removing it brings back 'No activo'. (The browser runs in America/Caracas.)
    const until = addDays(todayKey('America/Caracas'), 45);
    await row.getByRole('button', { name: `Editar membresía: ${other.email}` }).press('Enter');
    const membershipDialog = page.getByRole('dialog', { name: 'Editar membresía' });
    await membershipDialog.getByText('Sin membresía').waitFor();
    const untilField = membershipDialog.getByLabel('Membresía activa hasta');
    await untilField.fill(until);
    await untilField.press('Enter');
    await page.getByText('Membresía actualizada exitosamente').waitFor();
    await membershipDialog.waitFor({ state: 'detached' });
    await row.getByText(formatDate(`${until}T12:00:00Z`, 'UTC')!, { exact: true }).waitFor();
    await row.getByText('Activa', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Editar membresía: ${other.email}` }).click();
    expect(await untilField.inputValue()).toBe(until);
    await screenshot(page, 'admin-membership-dialog');
    await membershipDialog.getByRole('button', { name: 'Quitar membresía' }).click();
    await page.getByText('Membresía retirada exitosamente').waitFor();
    await row.getByText('No activo', { exact: true }).waitFor();

    // Change the email: the button waits for a different address; a verification mail goes out.
    const newEmail = `cambiado-${Date.now().toString(36)}@e2e.test`;
    await row.getByRole('button', { name: `Editar Email: ${other.email}` }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Editar Email' });
    const update = emailDialog.getByRole('button', { name: 'Actualizar Email' });
    expect(await update.isDisabled()).toBe(true);
    await emailDialog.getByLabel('Nuevo Email').fill(newEmail);
    await update.click();
    await page.getByText('Email actualizado exitosamente').waitFor();
    row = await findRow(page, newEmail);
    await row.getByLabel('Email no verificado').waitFor();
    await waitForMail(newEmail, /verify-email\?token=/);

    // The admin's own row: Eliminar is disabled.
    row = await findRow(page, E2E_ADMIN.email);
    expect(await row.getByRole('button', { name: `Eliminar: ${E2E_ADMIN.email}` }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-panel');
  });

  it('deletes another user after the warning', async () => {
    const doomed = await registerVerifiedUser({ name: 'Usuario Borrable' });
    const page = s.page;
    await loginAs(page, E2E_ADMIN);
    await page.goto('/admin');
    const row = await findRow(page, doomed.email);
    await row.getByRole('button', { name: `Eliminar: ${doomed.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar Usuario' });
    await dialog.getByText('Esta acción no se puede deshacer. Se eliminarán todos sus registros, transacciones y datos.').waitFor();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Usuario eliminado exitosamente').waitFor();
    // The reloaded list no longer has the user (and the account is gone server-side).
    await row.waitFor({ state: 'detached' });
    expect(await apiLogin(doomed)).toBe(401);
  });

  it('on a 1366 px laptop, every action of a row is on screen without scrolling sideways', async () => {
    // Issue 36: at 1366 px the table hid 5 of a row's 7 actions past its right edge, "Ver
    // Comprobantes" (the admin's daily one) among them. A user with two-factor on has all seven.
    const full = await registerVerifiedUser({ name: 'Usuaria Con Nombre Largo De Verdad' });
    const login = (await (
      await fetch(`${inject('baseURL')}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: full.email, password: full.password }),
      })
    ).json()) as { token: string };
    const post = (path: string, body: unknown) =>
      fetch(`${inject('baseURL')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
        body: JSON.stringify(body),
      });
    const { secret } = (await (await post('/api/auth/2fa/setup', { password: full.password })).json()) as { secret: string };
    expect((await post('/api/auth/2fa/enable', { password: full.password, code: totpCode(secret, Date.now()) })).status).toBe(200);

    const page = s.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, E2E_ADMIN);
    await page.goto('/admin');
    const row = await findRow(page, full.email);
    const actions = [
      'Cambiar Rol',
      'Ver Comprobantes',
      'Ver Transacciones',
      'Editar membresía',
      'Editar Email',
      'Restablecer 2FA',
      'Eliminar',
    ];
    for (const action of actions) {
      const button = row.getByRole('button', { name: `${action}: ${full.email}` });
      const box = (await button.boundingBox())!;
      expect(box, action).not.toBeNull();
      expect(box.x, action).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${action} ends past the window's right edge`).toBeLessThanOrEqual(1366);
    }
    // Neither the page nor the table scrolls sideways: what is seen is all there is.
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table[aria-label="Usuarios"]')!.parentElement!;
      return { page: document.documentElement.scrollWidth - window.innerWidth, table: table.scrollWidth - table.clientWidth };
    });
    expect(overflow).toEqual({ page: 0, table: 0 });
    await screenshot(page, 'admin-1366');
    // The daily action works from there.
    await row.getByRole('button', { name: `Ver Comprobantes: ${full.email}` }).click();
    await page.getByRole('dialog').waitFor();
  });
});
