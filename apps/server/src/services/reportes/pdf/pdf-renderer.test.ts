import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf-renderer.ts';

const text = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'arb-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('renderPdf (decision 0050)', () => {
  it('renders in a worker: the event loop keeps ticking through a long layout; accents, ñ and "Página x de n" survive', async () => {
    // ~1,500 table rows: several hundred ms of pdfmake layout, which on this thread would stop every tick.
    const body = [[{ text: 'Año', bold: true }, 'Señal']].concat(Array.from({ length: 1500 }, (_, i) => [String(i), `Ñandú ${i}`]));
    const doc = {
      content: [{ text: 'Informe mensual · marzo de 2026' }, { table: { headerRows: 1, body } }],
      defaultStyle: { font: 'Roboto' },
    };
    let ticks = 0;
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    const pdf = await renderPdf(doc, 'Página {x} de {n}');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const t = text(pdf);
    expect(t).toContain('Informe mensual · marzo de 2026');
    expect(t).toContain('Ñandú 1499');
    expect(t).toMatch(/Página 1 de \d+/);
    // The main thread was free: it ticked through the render (a blocked loop would tick once at the end).
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
    expect(longest).toBeLessThan(elapsed / 2);
  }, 30_000);

  it('refuses a URL image and a local file outside the fonts folder (the access policies)', async () => {
    const remote = renderPdf({ content: [{ image: 'http://127.0.0.1:9/x.png' }] }, '');
    await expect(remote).rejects.toThrow();
    const local = renderPdf({ content: [{ image: '/etc/passwd' }] }, '');
    await expect(local).rejects.toThrow(/denied|access/i);
  }, 30_000);
});
