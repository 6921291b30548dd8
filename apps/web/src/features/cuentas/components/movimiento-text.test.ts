import { describe, expect, it } from 'vitest';
import { movimiento } from '../testing/harness';
import { movimientoRuta } from './movimiento-text';

const nombres = new Map([
  ['c-mercantil', 'Mercantil Bs'],
  ['c-banesco', 'Banesco Bs'],
]);

describe('movimientoRuta (the line under a movement, on the Cuentas page and the dashboard)', () => {
  it.each<[string, Parameters<typeof movimiento>[0], string]>([
    [
      'a transfer with the reason typed for it (walk3: the notes were dropped)',
      { tipo: 'transferencia', cuenta_origen_id: 'c-mercantil', cuenta_destino_id: 'c-banesco', notas: 'Pasar a Banesco' },
      'Mercantil Bs → Banesco Bs · Pasar a Banesco',
    ],
    [
      'a transfer without notes',
      { tipo: 'transferencia', cuenta_origen_id: null, cuenta_destino_id: 'c-banesco' },
      'Sin asignar → Banesco Bs',
    ],
    [
      "a partner's aporte",
      { tipo: 'aporte', cuenta_destino_id: 'c-banesco', miembro: { id: 'u-beto', user_name: 'Beto' }, notas: 'capital' },
      'Banesco Bs · Beto · capital',
    ],
  ])('%s', (_name, over, text) => {
    expect(movimientoRuta(movimiento(over), nombres)).toBe(text);
  });
});
