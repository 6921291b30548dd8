import { describe, expect, it } from 'vitest';
import { calcularLiquidacion, capitalPorAsignar, repartoParejo, type EntradaLiquidacion } from './liquidacion.ts';

/**
 * "Registrar capital inicial" (DESIGN §28 "Existing ledgers", decision 0056): the registration's
 * aportes are capital at the start of their day and never a result. Hand arithmetic in comments.
 */
const personas = [
  { userId: 'a-ana', user_name: 'Ana', miembro: true },
  { userId: 'b-beto', user_name: 'Beto', miembro: true },
];
// Opening of 5 Nov: 8,000 Bs + 800 USD at 40 = 1,000 USD; nothing happens after.
const entrada = (desde: string, registro: boolean): EntradaLiquidacion => ({
  desde,
  hasta: '2026-11-10',
  tasaInicial: '40',
  tasaFinal: '40',
  saldoInicial: { ves: 8000, usd: 800 },
  tenencias: [{ titularId: null, ves: 8000, usd: 800 }],
  personas,
  movimientos: [
    { userId: 'a-ana', fecha: '2026-11-05', tipo: 'aporte', usd: '450', registro }, // 300 USD + 6,000 Bs ÷ 40
    { userId: 'b-beto', fecha: '2026-11-05', tipo: 'aporte', usd: '550', registro }, // 500 USD + 2,000 Bs ÷ 40
  ],
  resultadosCerrados: [],
  reparto: { metodo: 'capital' },
  gananciaRealizadaUsd: 0,
});

describe('calcularLiquidacion with a capital registration', () => {
  it.each([
    // desde = the day: capital_inicial 450/550, no aportes, result 1,000 − 1,000 − 0 = 0, nothing unregistered.
    { caso: 'period starting on the day', desde: '2026-11-05', ini: [450, 550], aportes: '0.00', resultado: '0.00', sinRegistrar: '0.00' },
    // desde before the day: the aportes are listed (1,000) but no money came in: 1,000 − 1,000 − (1,000 − 1,000) = 0;
    // the capital before the 5th was not registered: 1,000 − 0.
    { caso: 'period spanning the day', desde: '2026-11-01', ini: [0, 0], aportes: '1000.00', resultado: '0.00', sinRegistrar: '1000.00' },
  ])('$caso', ({ desde, ini, aportes, resultado, sinRegistrar }) => {
    const r = calcularLiquidacion(entrada(desde, true));
    expect(r.socios.map((s) => s.capital_inicial_usd)).toEqual(ini.map((v) => v.toFixed(2)));
    expect(r).toMatchObject({ aportes_usd: aportes, resultado_usd: resultado, capital_sin_registrar_usd: sinRegistrar });
    // Capital at the end is what was registered in both cases.
    expect(r.socios.map((s) => s.capital_final_usd)).toEqual(['450.00', '550.00']);
  });

  it('the same aportes NOT marked as a registration are real money in: read literally they are a loss', () => {
    // 1,000 − 1,000 − 1,000 = −1,000: what the registration must never show.
    expect(calcularLiquidacion(entrada('2026-11-01', false)).resultado_usd).toBe('-1000.00');
    // And starting on their day they are aportes of the period, not capital_inicial.
    expect(calcularLiquidacion(entrada('2026-11-05', false)).socios.map((s) => s.capital_inicial_usd)).toEqual(['0.00', '0.00']);
  });
});

describe('capitalPorAsignar and repartoParejo', () => {
  it.each([
    { apertura: { ves: '8000', usd: '800' }, aportes: [], falta: { ves: '8000.00', usd: '800.00' } },
    {
      apertura: { ves: '8000', usd: '800' },
      aportes: [
        { ves: '6000', usd: '300' },
        { ves: '2000', usd: '500' },
      ],
      falta: { ves: '0.00', usd: '0.00' },
    },
    // Over-assigned shows a negative rest: 800 − 801 = −1.
    { apertura: { ves: '0', usd: '800' }, aportes: [{ ves: '0', usd: '801' }], falta: { ves: '0.00', usd: '-1.00' } },
  ])('what is left of $apertura.usd USD', ({ apertura, aportes, falta }) => {
    expect(capitalPorAsignar(apertura, aportes)).toEqual(falta);
  });

  it('splits each currency evenly in cents, the extra cents to the first members', () => {
    // 100.00 ÷ 3 = 33.33 + 1 cent left → the first; 10.01 Bs ÷ 3 = 3.33 + 2 cents → the first two.
    expect(repartoParejo({ ves: '10.01', usd: '100' }, ['z', 'a', 'm'])).toEqual([
      { userId: 'z', ves: '3.34', usd: '33.34' },
      { userId: 'a', ves: '3.34', usd: '33.33' },
      { userId: 'm', ves: '3.33', usd: '33.33' },
    ]);
    expect(repartoParejo({ ves: 1, usd: 1 }, [])).toEqual([]);
  });
});
