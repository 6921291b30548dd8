import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { previousMonth, todayKey } from '@arb/shared';
import { openBrowser, screenshot, type Session } from './support/browser.ts';
import { call, personalLedger, signUp } from './support/accounts.ts';

/*
 * The Reportes journey (DESIGN §25, docs/product.md#reportes) against the real server, on a phone:
 * Ana traded last month; she opens Reportes from her ledger, sees last month's profit, and
 * downloads the workbook and the PDF, which both open.
 */
describe('reportes', () => {
  let s: Session;
  afterEach(async () => s?.close());

  it('Ana opens Reportes, sees last month and downloads the workbook and the PDF, which open', async () => {
    s = await openBrowser({ viewport: { width: 360, height: 740 } });
    const { page } = s;
    const ana = await signUp(s, 'Ana');
    const ledgerId = await personalLedger(s, ana);
    const mes = previousMonth(todayKey('America/Caracas').slice(0, 7));
    // Two trades last month, near the fake parallel rate (310,50):
    // 100 @ 312 / 100 @ 310 → 200 Bs, 200 / 310 = 0,645… → 0,65 USD; 50 @ 311 / 50 @ 309 → 100 Bs, 100 / 309 = 0,3236… → 0,32 USD.
    // Month: 0,65 + 0,32 = 0,97 USD; 200 + 100 = 300,00 Bs.
    await call(
      s,
      'POST',
      '/api/transactions',
      { ledgerId, fecha: `${mes}-10`, venta: 100, tasa_venta: 312, compra: 100, tasa_compra: 310 },
      ana.token,
    );
    await call(
      s,
      'POST',
      '/api/transactions',
      { ledgerId, fecha: `${mes}-20`, venta: 50, tasa_venta: 311, compra: 50, tasa_compra: 309 },
      ana.token,
    );

    await page.goto(`/ledger/${ledgerId}/history`);
    await page.getByRole('link', { name: 'Reportes' }).click();
    await page.waitForURL(`**/ledger/${ledgerId}/reportes`);
    // The page opens on last month.
    expect(await page.getByTestId('mes').inputValue()).toBe(mes);
    await page.getByText('0,97 USD').first().waitFor();
    await page.getByText('300,00 Bs.S').first().waitFor();
    await page.getByRole('img', { name: 'Ganancia por día (USD)' }).waitFor();
    // The rates chart answers with a chart, an empty state or a Spanish notice, never a crash.
    await page.getByRole('heading', { name: 'Tasas BCV y paralela' }).waitFor();
    // Phone first: nothing is wider than the 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'reportes');

    const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-reportes-'));
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toBe(`arbitraje-Mi Registro-${mes}.xlsx`);
    const xlsxFile = path.join(dir, xlsx.suggestedFilename());
    await xlsx.saveAs(xlsxFile);
    await page.getByText('Informe descargado').waitFor();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsxFile);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Diario', 'Operaciones', 'Cuentas', 'Movimientos', 'Socios']);
    const resumen: Record<string, unknown> = {};
    book.getWorksheet('Resumen')!.eachRow((r) => (resumen[String(r.getCell(1).value)] = r.getCell(2).value));
    expect(resumen['Ganancia realizada (USD)']).toBe(0.97);
    expect(resumen['Operaciones']).toBe(2);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`arbitraje-Mi Registro-${mes}.pdf`);
    const pdfFile = path.join(dir, pdf.suggestedFilename());
    await pdf.saveAs(pdfFile);
    expect(execFileSync('head', ['-c', '5', pdfFile], { encoding: 'latin1' })).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Ganancia realizada \(USD\)\s+0,97/);
    expect(text).toContain('Página 1 de');
  });
});
