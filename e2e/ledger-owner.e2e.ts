import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, ledgerWithTwoMembers } from './support/accounts.ts';
import { screenshot, type Session } from './support/browser.ts';

/** docs/product.md#socios-y-liquidacion "Former partners": the owner hands the ledger over from the group dialog. */
async function openGroupManagement(page: Page, ledgerName: string) {
  await page.goto('/history');
  await page.getByRole('listitem', { name: ledgerName }).getByRole('button', { name: 'Gestionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestión del grupo' });
  await dialog.waitFor();
  return dialog;
}

describe('handing a ledger over', () => {
  const sessions: Session[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('Ana confirms "Transferir propiedad" on Beto; Beto then manages it and Ana no longer does', async () => {
    const { ana, beto, owner, member, ledgerId } = await ledgerWithTwoMembers(sessions);
    const name = `Sociedad ${Date.now().toString(36)}`;
    await call(ana, 'PUT', `/api/ledgers/${ledgerId}/name`, { name }, owner.token);

    const view = await openGroupManagement(ana.page, name);
    await view.getByRole('button', { name: 'Transferir propiedad a Beto' }).click();
    const confirm = ana.page.getByRole('dialog', { name: '¿Transferir la propiedad a Beto?' });
    await confirm.getByText(`Beto será el propietario de «${name}»`, { exact: false }).waitFor();
    await screenshot(ana.page, 'ledger-owner-confirm');
    await confirm.getByRole('button', { name: 'Transferir' }).click();
    await view.getByText('Ahora Beto es el propietario').waitFor();
    // Ana is a member now: no owner buttons left for her.
    await view.getByRole('button', { name: /Transferir propiedad/ }).waitFor({ state: 'detached' });

    const ledgers = await call<Array<{ id: string; ownerId: string }>>(beto, 'GET', '/api/ledgers', undefined, member.token);
    expect(ledgers.find((l) => l.id === ledgerId)?.ownerId).toBe(member.user.id);
    const betoView = await openGroupManagement(beto.page, name);
    await betoView.getByRole('button', { name: 'Transferir propiedad a Ana' }).waitFor();
  });
});
