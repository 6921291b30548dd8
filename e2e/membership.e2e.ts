import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { E2E_ADMIN, loginAs, registerVerifiedUser } from './support/users.ts';

/** A real PNG, as a member's phone would send a screenshot of a bank transfer. */
const transferScreenshot = () =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: '#e8f0fe' } })
    .png()
    .toBuffer();

describe('membership: a member pays, an admin approves', () => {
  let member: Session;
  let admin: Session;
  beforeEach(async () => {
    member = await openBrowser();
    admin = await openBrowser();
  });
  afterEach(async () => {
    await member.close();
    await admin.close();
  });

  it('upload a proof with a note → Pago Pendiente → admin approves → Activa with 30 days', async () => {
    const user = await registerVerifiedUser({ name: 'Miembro Pagador' });
    const page = member.page;
    await loginAs(page, user);
    await page.goto('/membership');
    await page.getByRole('heading', { name: 'Mi Membresía' }).waitFor();
    await page.getByText('Inactiva', { exact: true }).waitFor();
    await page.getByText('No has subido comprobantes de pago').waitFor();

    // The contact card: the phone is empty until the member fills it in with the pencil.
    await page.getByText('No especificado').waitFor();
    await page.getByRole('button', { name: 'Editar información de contacto' }).click();
    await page.getByPlaceholder('Ingresa tu número de teléfono').fill('+58 412 555 0101');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Perfil actualizado exitosamente').waitFor();
    await page.getByText('+58 412 555 0101').waitFor();

    await page.getByRole('button', { name: 'Agregar Comprobante' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Comprobante' });
    await dialog.getByText('Formatos aceptados: JPG, PNG o GIF. Máximo 5MB.').waitFor();
    await dialog
      .getByTestId('proof-file-input')
      .setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: await transferScreenshot() });
    await dialog.getByAltText('Vista previa del comprobante').waitFor();
    await dialog.getByLabel('Nota (opcional)').fill('Pago móvil ref. 000123');
    await dialog.getByRole('button', { name: 'Subir Comprobante' }).click();
    await page.getByText('Comprobante agregado exitosamente').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const proof = page.getByTestId('proof-item');
    await proof.getByText('Pago móvil ref. 000123').waitFor();
    await proof.getByText('Pendiente de revisión').waitFor();
    await page.getByText('Pago Pendiente', { exact: true }).waitFor();
    // The thumbnail loads through its signed URL, without the Authorization header.
    await expect
      .poll(() => proof.getByRole('img', { name: 'Comprobante de pago' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'membership-pending');

    // The administrator finds the member and approves the proof.
    await loginAs(admin.page, E2E_ADMIN);
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    await admin.page.getByLabel('Buscar usuarios').fill(user.email);
    const row = admin.page.getByTestId(`user-row-${user.email}`);
    await row.getByText('Pago Pendiente').waitFor();
    await row.getByRole('button', { name: `Ver Comprobantes: ${user.email}` }).click();
    const proofs = admin.page.getByRole('dialog');
    await proofs.getByText('1 comprobante(s) de pago').waitFor();
    await proofs.getByText('Pago móvil ref. 000123').waitFor();
    await proofs.getByRole('button', { name: 'Aprobar' }).click();
    await admin.page.getByText('Comprobante aprobado; membresía extendida').waitFor();
    await proofs.getByText('Aprobado', { exact: true }).waitFor();
    await proofs.getByRole('button', { name: 'Cerrar' }).click();
    await row.getByText('Activa', { exact: true }).waitFor();
    await row.getByText('30', { exact: true }).waitFor();

    // Days ≤ 30 and > 15 are green in the table; the member sees the new state on reload.
    await page.reload();
    await page.getByText('Activa', { exact: true }).waitFor();
    expect(await page.getByTestId('days-remaining').textContent()).toBe('30');
    await proof.getByText('Aprobado').waitFor();
    await screenshot(page, 'membership-active');
  });
});
