import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatchResult, ImportPreview } from '@arb/shared';
import { SPANISH_XLSX_HEADER, englishCsv, manyOrders, ENGLISH_HEADER } from '../src/services/imports/fixtures/generate.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUser, type TestUser } from './support/users.ts';
import { SHEET_END, SHEET_START, STRINGS_END, STRINGS_START, deflated, deflatedRun, row, stored, xlsx } from './support/zip.ts';

// The heavy files take seconds on a loaded 2-core machine (in their worker, not the event loop).
/**
 * docs/product.md#upload-limits: each hostile file of issue 36, generated here (small on disk), is
 * refused with a Spanish 400 while the server's memory stays bounded and another user's request
 * is answered at once.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;
const DATA_ROW = ['20000000000000000001', 'Vender', 'USDT', 'VES', '370', '37', '10', '0', '0', 'x', 'Completada', '2024-06-10 14:00:00'];
const EMPTY_STRINGS = () => deflated('xl/sharedStrings.xml', `${STRINGS_START}${STRINGS_END}`);

describe('hostile uploads (docs/product.md#upload-limits)', () => {
  let t: TestApp;
  let attacker: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    attacker = await createUser(t, { name: 'Mallory' });
    other = await createUser(t, { name: 'Olga' });
    // The workers start once (about a second here); the tests measure files, not that start.
    const warm = await upload(
      xlsx(
        EMPTY_STRINGS(),
        deflated('xl/worksheets/sheet1.xml', `${SHEET_START}${row(1, SPANISH_XLSX_HEADER)}${row(2, DATA_ROW)}${SHEET_END}`),
      ),
      'a.xlsx',
    );
    expect(warm.statusCode, warm.body).toBe(200);
  }, 120_000);
  afterAll(async () => t.close());

  function upload(data: Buffer, filename: string, path = '/preview') {
    const type = filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
    const form = multipart({}, [{ name: 'file', filename, contentType: type, data }]);
    return t.request({ method: 'POST', url: `/api/ledgers/${attacker.ledgerId}/imports${path}`, token: attacker.token, ...form });
  }

  /**
   * Runs the uploads at once; meanwhile another user asks for their ledgers again and again, and
   * the process's memory is sampled. Answers the uploads' answers, the slowest of those requests
   * and the peak growth of the resident set.
   */
  // "Answered at once": without the guard the same request waited 77 s. The slowest is held to
  // 1 s, not less: this 2-core machine runs many other processes (load 15–30) and one request in
  // a few dozen may wait for a core; the median is held to 250 ms.
  async function hostile(...files: [Buffer, string][]) {
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    let settled = false;
    const answers = Promise.all(files.map(([data, name]) => upload(data, name))).finally(() => (settled = true));
    const times: number[] = [];
    // Asked at once, then every 20 ms for as long as any upload is open.
    do {
      const start = performance.now();
      const res = await t.request({ method: 'GET', url: '/api/ledgers', token: other.token });
      times.push(performance.now() - start);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    } while (!settled);
    const res = await answers;
    clearInterval(sampler);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      res,
      slowestMs: Math.max(...times),
      medianMs: sorted[Math.floor(sorted.length / 2)]!,
      asked: times.length,
      growthMb: (peak - rss0) / MB,
    };
  }

  const refusedWith = (res: { statusCode: number; json(): unknown }, code: string, error: string) =>
    expect([res.statusCode, res.json()]).toEqual([400, { code, error }]);

  it('an XLSX whose shared strings inflate to 200 MB is refused before parsing (a 200 KB file)', async () => {
    const strings = await deflatedRun('xl/sharedStrings.xml', `${STRINGS_START}<si><t>`, 'A', 200 * MB, `</t></si>${STRINGS_END}`);
    const file = xlsx(strings, deflated('xl/worksheets/sheet1.xml', `${SHEET_START}${SHEET_END}`));
    expect(file.length).toBeLessThan(1 * MB);
    const { res, slowestMs, medianMs, asked, growthMb } = await hostile([file, 'bomba.xlsx']);
    refusedWith(res[0]!, 'UPLOAD_REJECTED', 'El archivo XLSX descomprimido ocupa más de 100 MB');
    expect(asked).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1000);
    expect(medianMs).toBeLessThan(250);
    expect(growthMb).toBeLessThan(200);
  });

  it('an XLSX whose directory understates its sizes is caught while inflating', async () => {
    // The directory says 1 KB (nothing to measure); the sheet inflates to 50 MB.
    const sheet = await deflatedRun('xl/worksheets/sheet1.xml', SHEET_START, row(2, ['1']), 1_000_000, SHEET_END);
    const file = xlsx(EMPTY_STRINGS(), { ...sheet, declaredSize: 1024 });
    const { res, growthMb } = await hostile([file, 'miente.xlsx']);
    refusedWith(res[0]!, 'UPLOAD_REJECTED', 'El archivo XLSX está comprimido de forma anómala y no se abrirá');
    expect(growthMb).toBeLessThan(200);
  });

  it('1,000,000 rows all numbered 2 (a 100 KB XLSX) are refused by their compression ratio', async () => {
    const sheet = await deflatedRun(
      'xl/worksheets/sheet1.xml',
      `${SHEET_START}${row(1, SPANISH_XLSX_HEADER)}`,
      row(2, ['1']),
      1_000_000,
      SHEET_END,
    );
    const file = xlsx(EMPTY_STRINGS(), sheet);
    const { res, slowestMs, medianMs } = await hostile([file, 'filas.xlsx']);
    refusedWith(res[0]!, 'UPLOAD_REJECTED', 'El archivo XLSX está comprimido de forma anómala y no se abrirá');
    expect(slowestMs).toBeLessThan(1000);
    expect(medianMs).toBeLessThan(250);
  });

  it('60,000 rows all numbered 2 are counted as they are read, never by their own row numbers', async () => {
    // Different text in each row: the sheet compresses about 10 to 1, like a real export, and passes the zip's limits.
    const rows = `${row(1, SPANISH_XLSX_HEADER)}${Array.from({ length: 60_000 }, () => row(2, [randomBytes(6).toString('hex')])).join('')}`;
    const file = xlsx(EMPTY_STRINGS(), deflated('xl/worksheets/sheet1.xml', `${SHEET_START}${rows}${SHEET_END}`));
    const { res, slowestMs, medianMs } = await hostile([file, 'filas.xlsx']);
    refusedWith(res[0]!, 'IMPORT_UNREADABLE', 'El archivo tiene más de 50.000 filas');
    expect(slowestMs).toBeLessThan(1000);
    expect(medianMs).toBeLessThan(250);
  }, 90_000);

  it('the same rows stored uncompressed reach the parser in one piece: their worker runs out of heap, alone', async () => {
    const rows = `${row(1, SPANISH_XLSX_HEADER)}${row(2, ['1']).repeat(60_000)}`;
    const file = xlsx(EMPTY_STRINGS(), stored('xl/worksheets/sheet1.xml', `${SHEET_START}${rows}${SHEET_END}`));
    const { res, slowestMs, medianMs, growthMb } = await hostile([file, 'filas.xlsx']);
    refusedWith(res[0]!, 'UPLOAD_REJECTED', 'El archivo es demasiado grande o complejo para procesarlo');
    expect(slowestMs).toBeLessThan(1000);
    expect(medianMs).toBeLessThan(250);
    expect(growthMb).toBeLessThan(300);
    const after = await upload(englishCsv(manyOrders(3)), 'bien.csv');
    expect(after.statusCode, after.body).toBe(200);
  }, 90_000);

  it('a CSV of a header and 1,000,000 one-byte rows is refused at the row limit, the event loop free', async () => {
    const file = Buffer.from(`${ENGLISH_HEADER}\n${'1\n'.repeat(1_000_000)}`);
    const { res, slowestMs, medianMs, asked, growthMb } = await hostile([file, 'filas.csv']);
    refusedWith(res[0]!, 'IMPORT_UNREADABLE', 'El archivo tiene más de 50.000 filas');
    expect(asked).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1000);
    expect(medianMs).toBeLessThan(250);
    expect(growthMb).toBeLessThan(200);
  }, 90_000);

  it('a cell longer than 1,000 characters is refused, in a CSV and in an XLSX', async () => {
    const csv = Buffer.from(`${ENGLISH_HEADER}\n1,${'x'.repeat(5_000_000)}\n`);
    const strings = stored('xl/sharedStrings.xml', `${STRINGS_START}<si><t>${'x'.repeat(2_000_000)}</t></si>${STRINGS_END}`);
    const sheet = deflated('xl/worksheets/sheet1.xml', `${SHEET_START}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_END}`);
    const { res } = await hostile([csv, 'celda.csv'], [xlsx(strings, sheet), 'celda.xlsx']);
    for (const r of res) refusedWith(r, 'IMPORT_UNREADABLE', 'Una celda del archivo tiene más de 1.000 caracteres');
  });

  it('three hostile files at once fail alone: the others are answered and the server goes on', async () => {
    const bomb = xlsx(
      await deflatedRun('xl/sharedStrings.xml', `${STRINGS_START}<si><t>`, 'A', 150 * MB, `</t></si>${STRINGS_END}`),
      deflated('xl/worksheets/sheet1.xml', `${SHEET_START}${SHEET_END}`),
    );
    const rows = Buffer.from(`${ENGLISH_HEADER}\n${'1\n'.repeat(1_000_000)}`);
    const { res, slowestMs, medianMs, growthMb } = await hostile([bomb, 'a.xlsx'], [rows, 'b.csv'], [bomb, 'c.xlsx']);
    expect(res.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect(slowestMs).toBeLessThan(1000);
    expect(medianMs).toBeLessThan(250);
    expect(growthMb).toBeLessThan(300);
    const after = await upload(englishCsv(manyOrders(3)), 'bien.csv');
    expect(after.statusCode, after.body).toBe(200);
  }, 90_000);

  it('the preview answers at most 1,000 rows and counts all of them; the import takes them all', async () => {
    const file = englishCsv(manyOrders(3_000, 40_000_000_000_000_000_000n));
    const res = await upload(file, 'grande.csv');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportPreview;
    expect(body.rows).toHaveLength(1_000);
    expect(body.counts).toEqual({ new: 3_000, duplicate: 0, skipped: 0 });
    const done = await upload(file, 'grande.csv', '');
    expect(done.statusCode, done.body).toBe(201);
    expect((done.json() as ImportBatchResult).batch.created).toBe(3_000);
    // Once imported, the counts say so for the whole file, and the rows shown too.
    const again = (await upload(file, 'grande.csv')).json() as ImportPreview;
    expect(again.counts).toEqual({ new: 0, duplicate: 3_000, skipped: 0 });
    expect(again.rows.every((r) => r.action === 'duplicate')).toBe(true);
  });
});

/** A PNG whose header declares `width` × `height` pixels, with a few bytes of body. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

describe('a payment proof is measured before it is decoded (docs/product.md#upload-limits)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t, { name: 'Pía' });
  });
  afterAll(async () => t.close());

  it('refuses an image whose header declares 100,000 × 100,000 pixels, without decoding it', async () => {
    const rss0 = process.memoryUsage().rss;
    const form = multipart({}, [
      { name: 'image', filename: 'comprobante.png', contentType: 'image/png', data: pngHeader(100_000, 100_000) },
    ]);
    const res = await t.request({ method: 'POST', url: '/api/membership/payment-proofs', token: user.token, ...form });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { code: 'UPLOAD_REJECTED', error: 'La imagen tiene demasiados píxeles (máximo 50 megapíxeles)' },
    ]);
    expect((process.memoryUsage().rss - rss0) / MB).toBeLessThan(100);
  });
});
