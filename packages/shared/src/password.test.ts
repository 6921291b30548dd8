import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password.ts';

describe('passwordStrength (docs/product.md#money): one point each for 8+ chars, upper+lower, digit, symbol', () => {
  it.each([
    ['', 0, 'Muy débil'],
    ['abc', 0, 'Muy débil'],
    ['abcdefgh', 1, 'Muy débil'], // length only
    ['aB', 1, 'Muy débil'], // mixed case only
    ['abcdefg1', 2, 'Débil'], // length + digit
    ['Abc1', 2, 'Débil'], // case + digit
    ['Abcdefg1', 3, 'Buena'], // length + case + digit
    ['abc1!', 2, 'Débil'], // digit + symbol
    ['Abcdef1!', 4, 'Fuerte'],
    ['ÁÉÍ-óú 2026', 3, 'Buena'], // accented letters are not A–Z: symbols, no case point
  ])('%j → %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toMatchObject({ score, label });
  });

  it('below 3 gives at most two hints, in the order of the rules', () => {
    expect(passwordStrength('abc').hints).toEqual(['Usa al menos 8 caracteres', 'Combina mayúsculas y minúsculas']);
    expect(passwordStrength('abcdefgh').hints).toEqual(['Combina mayúsculas y minúsculas', 'Incluye al menos un número']);
    expect(passwordStrength('Abcdefg1').hints).toEqual([]);
    expect(passwordStrength('Abcdef1!').hints).toEqual([]);
  });
});
