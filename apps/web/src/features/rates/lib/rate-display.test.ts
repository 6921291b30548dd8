import { describe, expect, it } from 'vitest';
import { displayRate, displayRateDate, formatAge } from './rate-display';

describe('rate display (docs/product.md#screens exchange-rate panel)', () => {
  it.each([
    [236.4567, '236,4567 Bs'],
    [1234.5, '1.234,50 Bs'],
    [undefined, '---'],
    [null, '---'],
    [0, '---'],
    [Number.NaN, '---'],
    ['236', '---'],
  ])('rate %s → %s', (value, expected) => {
    expect(displayRate(value)).toBe(expected);
  });

  it.each([
    ['2026-11-20T00:00:00-04:00', '20/11/26, 0:00'],
    ['2026-11-21T18:30:00.000Z', '21/11/26, 14:30'],
    [null, 'No disponible'],
    [undefined, 'No disponible'],
    ['', 'No disponible'],
    ['ayer', 'Fecha inválida'],
    [42, 'Fecha inválida'],
  ])('date %s → %s', (value, expected) => {
    expect(displayRateDate(value)).toBe(expected);
  });

  it.each([
    [10_000, 'hace 1 minuto'],
    [5 * 60_000, 'hace 5 minutos'],
    [2 * 3_600_000 + 60_000, 'hace 2 horas'],
    [3 * 86_400_000, 'hace 3 días'],
  ])('age of %s ms → %s', (ms, expected) => {
    const now = Date.UTC(2026, 10, 22, 12);
    expect(formatAge(new Date(now - ms).toISOString(), now)).toBe(expected);
  });
});
