import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from './decimal.ts';
import {
  calcularLiquidacion,
  capitalPorAsignar,
  filasCapitalInicial,
  repartoParejo,
  valorCapitalUsd,
  valorarCapital,
  type EntradaLiquidacion,
  type MovimientoCapital,
} from './liquidacion.ts';

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

/**
 * Decision 0059: the registered capital equals the equity it registers to the cent, whatever the
 * split. The registration's movements of one day are valued as one sum, rounded once and
 * apportioned by the largest remainder (valorarCapital), instead of each rounded on its own.
 */
describe('a registration registers the whole opening equity, to the cent', () => {
  const D = '2026-11-05';
  const socios = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `u${i}`, user_name: `S${i}`, miembro: true }));
  /** The registration of `aportes` on D as the server writes it (filasCapitalInicial), valued as the server reads it. */
  const registrar = (aportes: { userId: string; ves: string; usd: string }[], tasa: string): MovimientoCapital[] =>
    valorarCapital(filasCapitalInicial(aportes).map((f) => ({ ...f, fecha: D, tasa: f.moneda === 'VES' ? tasa : null, registro: true })));
  const entrada = (
    aportes: { userId: string; ves: string; usd: string }[],
    tasa: string,
    movimientos: MovimientoCapital[],
    desde = D,
  ): EntradaLiquidacion => {
    const ves = aportes.reduce((s, a) => s.plus(a.ves), new Big(0)).toFixed(2);
    const usd = aportes.reduce((s, a) => s.plus(a.usd), new Big(0)).toFixed(2);
    return {
      desde,
      hasta: '2026-11-10',
      tasaInicial: tasa,
      tasaFinal: tasa,
      saldoInicial: { ves, usd },
      tenencias: [{ titularId: null, ves, usd }],
      personas: socios(aportes.length),
      movimientos,
      resultadosCerrados: [],
      reparto: { metodo: 'capital' },
      gananciaRealizadaUsd: 0,
    };
  };

  it('by hand: three partners with 1,00 Bs each at 3 Bs/USD', () => {
    const aportes = ['u0', 'u1', 'u2'].map((userId) => ({ userId, ves: '1', usd: '0' }));
    // Equity: 3 Bs ÷ 3 = 1,00 USD. Each aporte on its own: 1 ÷ 3 = 0,33 → Σ 0,99, 0,01 left unregistered.
    const cadaUno = filasCapitalInicial(aportes).map((f) => ({
      userId: f.userId,
      fecha: D,
      tipo: f.tipo,
      usd: valorCapitalUsd('VES', f.monto, '3'),
      registro: true,
    }));
    expect(calcularLiquidacion(entrada(aportes, '3', cadaUno)).capital_sin_registrar_usd).toBe('0.01');
    // As one sum: 1,00 apportioned 0,34 / 0,33 / 0,33 (the extra cent to the first row): nothing left.
    const r = calcularLiquidacion(entrada(aportes, '3', registrar(aportes, '3')));
    expect(r.socios.map((x) => x.capital_inicial_usd)).toEqual(['0.34', '0.33', '0.33']);
    expect(r.capital_sin_registrar_usd).toBe('0.00');
  });

  it('by hand: a currency that opened below zero is a retiro of whoever takes the debt on', () => {
    // 1.000 USD and −10.000 Bs (a debt) at 40: equity 1.000 − 250 = 750. Ana takes the debt, Beto half the dollars.
    const aportes = [
      { userId: 'u0', ves: '-10000', usd: '500' },
      { userId: 'u1', ves: '0', usd: '500' },
    ];
    expect(filasCapitalInicial(aportes)).toEqual([
      { userId: 'u0', tipo: 'retiro', moneda: 'VES', monto: '10000.00' },
      { userId: 'u0', tipo: 'aporte', moneda: 'USD', monto: '500.00' },
      { userId: 'u1', tipo: 'aporte', moneda: 'USD', monto: '500.00' },
    ]);
    const r = calcularLiquidacion(entrada(aportes, '40', registrar(aportes, '40')));
    // Ana 500 − 250 = 250, Beto 500: 750 registered, result 0 with nothing else happening.
    expect(r.socios.map((x) => x.capital_inicial_usd)).toEqual(['250.00', '500.00']);
    expect(r).toMatchObject({ patrimonio_inicial_usd: '750.00', resultado_usd: '0.00', capital_sin_registrar_usd: '0.00' });
    // A period spanning D lists the retiro but, like the aportes, it is no result: 750 − 0 − (1.000 − 250 − 750) = 0 beyond the jump.
    const spanning = calcularLiquidacion({ ...entrada(aportes, '40', registrar(aportes, '40'), '2026-11-01') });
    expect(spanning).toMatchObject({ aportes_usd: '1000.00', retiros_usd: '250.00', resultado_usd: '0.00' });
  });

  const centavos = fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }).map((c) => new Big(c).div(100).toFixed(2));
  const tasa = fc.integer({ min: 1, max: 10_000_000_000 }).map((c) => new Big(c).div(10_000).toFixed(4));
  const reparto = fc.array(fc.record({ ves: fc.oneof(centavos, fc.constant('0.00')), usd: fc.oneof(centavos, fc.constant('0.00')) }), {
    minLength: 1,
    maxLength: 12,
  });

  it('property: any split among any number of members, any rate: after registering, nothing is unregistered', () => {
    fc.assert(
      fc.property(reparto, tasa, (lineas, t) => {
        const aportes = lineas.map((l, i) => ({ userId: `u${i}`, ...l }));
        const movs = registrar(aportes, t);
        const r = calcularLiquidacion(entrada(aportes, t, movs));
        expect(r.capital_sin_registrar_usd).toBe('0.00');
        // Σ capital_inicial = the opening equity, and the period's result is 0: no money came in or went out.
        expect(r.resultado_usd).toBe('0.00');
        // Each partner's capital differs from valuing their own amounts alone by less than a cent.
        for (const a of aportes) {
          const propio = new Big(a.usd).plus(new Big(a.ves).div(t));
          const got = new Big(r.socios.find((x) => x.userId === a.userId)!.capital_inicial_usd);
          expect(got.minus(propio).abs().lt('0.01')).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('property: a period that starts before the day keeps the result it had without the registration', () => {
    fc.assert(
      fc.property(reparto, tasa, (lineas, t) => {
        const aportes = lineas.map((l, i) => ({ userId: `u${i}`, ...l }));
        const sin = calcularLiquidacion(entrada(aportes, t, [], '2026-11-01'));
        const con = calcularLiquidacion(entrada(aportes, t, registrar(aportes, t), '2026-11-01'));
        expect(con.resultado_usd).toBe(sin.resultado_usd);
      }),
      { numRuns: 200 },
    );
  });
});
