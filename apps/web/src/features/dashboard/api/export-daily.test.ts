import { describe, expect, it } from 'vitest';
import { defaultExportName, filenameFromDisposition } from './export-daily';

describe('export file name', () => {
  it.each([
    [
      `attachment; filename="arbitraje-Mi_Registro-2026-11-20.xlsx"; filename*=UTF-8''arbitraje-Mi%20Registro%20%C3%B1-2026-11-20.xlsx`,
      'arbitraje-Mi Registro ñ-2026-11-20.xlsx',
    ],
    ['attachment; filename="arbitraje-Caja-2026-11-20.xlsx"', 'arbitraje-Caja-2026-11-20.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ['attachment', undefined],
    [null, undefined],
  ])('reads %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });

  it("falls back to arbitraje-{name or 'registro'}-{date}.xlsx", () => {
    expect(defaultExportName('Caja', '2026-11-20')).toBe('arbitraje-Caja-2026-11-20.xlsx');
    expect(defaultExportName('', '2026-11-20')).toBe('arbitraje-registro-2026-11-20.xlsx');
  });
});
