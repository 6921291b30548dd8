import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { fillLogin, loginAs, registerVerifiedUser } from './support/users.ts';

/** Domain-level steps of the journey, so the test reads like the story it tells. */
async function createLedger(page: Page, name: string): Promise<void> {
  await page.goto('/history');
  await page.getByRole('heading', { name: 'Mis Registros de Arbitraje' }).waitFor();
  await page.getByRole('button', { name: 'Nuevo Registro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Registro' });
  expect(await dialog.getByRole('button', { name: 'Crear' }).isDisabled()).toBe(true); // blank name
  await dialog.getByLabel('Nombre del registro').fill(name);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await ledgerCard(page, name).waitFor();
}

const ledgerCard = (page: Page, name: string) => page.getByRole('listitem', { name });

async function openGroupManagement(page: Page, ledgerName: string) {
  await page.goto('/history');
  await ledgerCard(page, ledgerName).getByRole('button', { name: 'Gestionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestión del grupo' });
  await dialog.waitFor();
  return dialog;
}

describe('shared ledgers', () => {
  let owner: Session;
  let guest: Session;
  beforeEach(async () => {
    owner = await openBrowser();
    guest = await openBrowser();
  });
  afterEach(async () => {
    await owner.close();
    await guest.close();
  });

  it('owner creates a ledger and invites by link; a signed-out guest logs in, joins; permissions and expel', async () => {
    const olga = await registerVerifiedUser({ name: 'Olga Dueña' });
    const bruno = await registerVerifiedUser({ name: 'Bruno Invitado' });
    const ledgerName = `Casa de Cambio ${Date.now().toString(36)}`;

    // Olga creates the ledger and copies its invite link.
    await loginAs(owner.page, olga);
    await createLedger(owner.page, ledgerName);
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: owner.baseURL });
    await ledgerCard(owner.page, ledgerName).getByRole('button', { name: 'Invitar' }).click();
    const invite = owner.page.getByRole('dialog', { name: `Invitar a "${ledgerName}"` });
    const linkField = invite.getByLabel('Enlace de invitación');
    await expect.poll(() => linkField.inputValue()).toMatch(/\/join\/[A-Za-z0-9_-]{22}$/);
    await invite.getByRole('button', { name: 'Copiar enlace' }).click();
    await invite.getByText('Enlace copiado al portapapeles').waitFor();
    const link = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await linkField.inputValue());
    expect(link.startsWith(owner.baseURL)).toBe(true);
    // The 'copied' indicator lasts 2 s.
    await invite.getByText('Enlace copiado al portapapeles').waitFor({ state: 'detached', timeout: 4_000 });
    await screenshot(owner.page, 'ledgers-invite-link');
    await invite.getByRole('button', { name: 'Cerrar' }).click();

    // Bruno opens the link signed out: the invite is kept, a warning shown, /login after 3 s.
    await guest.page.goto(link);
    await guest.page.getByText(/Debes iniciar sesión para unirte al registro/).waitFor();
    const code = link.split('/join/')[1]!;
    expect(await guest.page.evaluate(() => localStorage.getItem('pendingInvite'))).toBe(code);
    await guest.page.waitForURL('**/login', { timeout: 6_000 });

    // After logging in he is taken back to the invite, sees the ledger and its owner, and joins.
    await fillLogin(guest.page, bruno);
    await guest.page.waitForURL(`**/join/${code}`);
    await guest.page.getByRole('heading', { name: ledgerName }).waitFor();
    await guest.page.getByText(`Propietario: Olga Dueña (${olga.email})`).waitFor();
    await guest.page.getByRole('button', { name: 'Unirse al Registro' }).click();
    await guest.page.getByText('¡Te has unido al registro exitosamente!').waitFor();
    await guest.page.waitForURL(/\/dashboard/, { timeout: 5_000 });

    // Both see each other in the members list.
    const guestView = await openGroupManagement(guest.page, ledgerName);
    await guestView.getByRole('list', { name: 'Miembros del grupo' }).getByText('Olga Dueña').waitFor();
    await guestView.getByRole('list', { name: 'Miembros del grupo' }).getByText('Bruno Invitado').waitFor();
    expect(await guestView.getByRole('switch').count()).toBe(0); // only the owner manages permissions

    const ownerView = await openGroupManagement(owner.page, ledgerName);
    const members = ownerView.getByRole('list', { name: 'Miembros del grupo' });
    await members.getByText('Bruno Invitado').waitFor();
    await members.getByText('Olga Dueña').waitFor();
    await screenshot(owner.page, 'ledgers-members');

    // Olga grants 'Modificar saldos'; Bruno sees it after a reload.
    const toggle = ownerView.getByRole('switch', { name: 'Modificar saldos: Bruno Invitado' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await ownerView.getByText('Permisos actualizados exitosamente').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const guestAgain = await openGroupManagement(guest.page, ledgerName);
    await guestAgain.getByRole('list', { name: 'Miembros del grupo' }).getByText('Modificar saldos').waitFor();

    // Olga expels Bruno after confirming; the ledger disappears from Bruno's list.
    await ownerView.getByRole('button', { name: 'Expulsar a Bruno Invitado' }).click();
    await owner.page.getByRole('dialog', { name: 'Expulsar miembro' }).getByRole('button', { name: 'Expulsar' }).click();
    await ownerView.getByText('Miembro expulsado exitosamente').waitFor();
    await members.getByText('Bruno Invitado').waitFor({ state: 'detached' });

    await guest.page.goto('/history');
    await guest.page.getByRole('heading', { name: 'Mis Registros de Arbitraje' }).waitFor();
    await ledgerCard(guest.page, 'Mi Registro').waitFor();
    expect(await ledgerCard(guest.page, ledgerName).count()).toBe(0);
  });
});
