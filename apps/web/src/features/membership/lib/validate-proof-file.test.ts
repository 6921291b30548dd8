import { describe, expect, it } from 'vitest';
import { validateProofFile } from './validate-proof-file';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

describe('validateProofFile (docs/product.md#money)', () => {
  it.each([
    ['no file', null, 'Debes seleccionar una imagen del comprobante'],
    ['a PDF', file('application/pdf', 10), 'Por favor selecciona un archivo de imagen válido'],
    ['an image over 5 MB', file('image/jpeg', 5 * 1024 * 1024 + 1), 'La imagen debe ser menor a 5MB'],
    ['an image of exactly 5 MB', file('image/png', 5 * 1024 * 1024), null],
    ['a small GIF', file('image/gif', 100), null],
  ])('%s', (_name, f, expected) => {
    expect(validateProofFile(f)).toBe(expected);
  });
});
