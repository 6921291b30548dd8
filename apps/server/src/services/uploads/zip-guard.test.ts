import { describe, expect, it } from 'vitest';
import { deflated, stored, zip } from '../../../test/support/zip.ts';
import { bigXlsx, spanishXlsx } from '../imports/fixtures/generate.ts';
import { assertZipWithinLimits } from './zip-guard.ts';

/** docs/product.md#upload-limits (decision 0031): what the zip guard lets through and what it refuses. */
const refusal = (buf: Buffer) =>
  assertZipWithinLimits(buf).then(
    () => 'passed',
    (err: { code: string; message: string }) => `${err.code}: ${err.message}`,
  );
const SUSPICIOUS = 'UPLOAD_REJECTED: El archivo XLSX está comprimido de forma anómala y no se abrirá';

describe('zip guard', () => {
  it('lets through the workbooks exceljs writes (with and without data descriptors)', async () => {
    expect(await refusal(await spanishXlsx([['1', 'Vender', 'USDT', 'VES', 370, 37, 10, 0, 0, 'x', 'Completada', new Date()]]))).toBe(
      'passed',
    );
    expect(await refusal(await bigXlsx(200))).toBe('passed');
  });

  it('refuses an entry hidden between the entries the directory lists', async () => {
    const buf = zip([
      deflated('a.xml', '<a/>'),
      { ...deflated('xl/worksheets/sheet9.xml', '<x/>'), hidden: true },
      deflated('b.xml', '<b/>'),
    ]);
    expect(await refusal(buf)).toBe(SUSPICIOUS);
  });

  it('refuses a directory that declares more than the entry inflates to, or less', async () => {
    expect(await refusal(zip([{ ...deflated('a.xml', 'x'.repeat(1000)), declaredSize: 5000 }]))).toBe(SUSPICIOUS);
    expect(await refusal(zip([{ ...stored('a.xml', 'x'.repeat(1000)), declaredSize: 10 }]))).toBe(SUSPICIOUS);
  });

  it('refuses more than 64 entries', async () => {
    const buf = zip(Array.from({ length: 65 }, (_, i) => stored(`e${i}.xml`, '<e/>')));
    expect(await refusal(buf)).toBe(SUSPICIOUS);
  });
});
