import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  movementFlows,
  movementNet,
  movementShapeError,
  metodoBinanceClave,
  movimientosNetos,
  nombreClave,
  saldoCuenta,
  sinAsignar,
  transactionFlows,
  type Flow,
  type MovementFlowInput,
  type TransactionFlowInput,
} from './cuentas.ts';
import { Big, roundHalfUp, toFixedString } from './decimal.ts';
import { computeTransaction, summarizeDay } from './transaction-math.ts';

/** Flows as plain strings, to compare with a table. */
const plain = (flows: Flow[]) =>
  flows.map((f) => ({ cuenta: f.cuenta, moneda: f.moneda, entra: f.entra.toString(), sale: f.sale.toString() }));

const tx = (over: Partial<TransactionFlowInput>): TransactionFlowInput => ({
  venta: 0,
  compra: 0,
  bs_recibidos: 0,
  bs_pagados: 0,
  comision_usd: 0,
  cuenta_ves_id: null,
  cuenta_usd_id: null,
  ...over,
});

describe('transactionFlows (docs/product.md#cuentas-y-movimientos)', () => {
  const cases: Array<{ name: string; input: TransactionFlowInput; expected: ReturnType<typeof plain> }> = [
    {
      // venta 100 @ 40.50 → 4050 Bs into Banesco; 100 USD + 0.1 fee = 100.1 out of Binance
      name: 'a sale with both accounts and a fee',
      input: tx({ venta: '100', bs_recibidos: '4050', comision_usd: '0.1', cuenta_ves_id: 'banesco', cuenta_usd_id: 'binance' }),
      expected: [
        { cuenta: 'banesco', moneda: 'VES', entra: '4050', sale: '0' },
        { cuenta: 'binance', moneda: 'USD', entra: '0', sale: '100.1' },
      ],
    },
    {
      // compra 80.25 @ 41.1234 → 3300.15285 Bs out of Mercantil; 80.25 USD into Binance
      name: 'a purchase with both accounts',
      input: tx({ compra: '80.25', bs_pagados: '3300.15285', cuenta_ves_id: 'mercantil', cuenta_usd_id: 'binance' }),
      expected: [
        { cuenta: 'mercantil', moneda: 'VES', entra: '0', sale: '3300.15285' },
        { cuenta: 'binance', moneda: 'USD', entra: '80.25', sale: '0' },
      ],
    },
    {
      // both sides, no accounts: 4050 in and 4000 out of Sin asignar (VES); 100 out, 100 in (USD)
      name: 'unassigned sides flow into Sin asignar',
      input: tx({ venta: '100', compra: '100', bs_recibidos: '4050', bs_pagados: '4000' }),
      expected: [
        { cuenta: null, moneda: 'VES', entra: '4050', sale: '4000' },
        { cuenta: null, moneda: 'USD', entra: '100', sale: '100' },
      ],
    },
    {
      // a purchase only, fee 0.5: the fee still leaves the row's USD account (DESIGN §28)
      name: "a purchase's fee leaves its USD account",
      input: tx({ compra: '50', bs_pagados: '2000', comision_usd: '0.5', cuenta_usd_id: 'binance' }),
      expected: [
        { cuenta: null, moneda: 'VES', entra: '0', sale: '2000' },
        { cuenta: 'binance', moneda: 'USD', entra: '50', sale: '0.5' },
      ],
    },
  ];
  it.each(cases)('$name', ({ input, expected }) => expect(plain(transactionFlows(input))).toEqual(expected));
});

const mov = (over: Partial<MovementFlowInput>): MovementFlowInput => ({
  tipo: 'transferencia',
  moneda: 'VES',
  monto: 0,
  comision: 0,
  cuenta_origen_id: null,
  cuenta_destino_id: null,
  sentido: null,
  ...over,
});

describe('movementFlows and movementNet', () => {
  const cases: Array<{ name: string; input: MovementFlowInput; flows: ReturnType<typeof plain>; net: string }> = [
    {
      // 1000 Bs Banesco → Mercantil, fee 2.50: Banesco gives 1002.50, Mercantil gets 1000; the ledger loses 2.50
      name: 'a transfer with a fee',
      input: mov({ monto: '1000', comision: '2.5', cuenta_origen_id: 'banesco', cuenta_destino_id: 'mercantil' }),
      flows: [
        { cuenta: 'banesco', moneda: 'VES', entra: '0', sale: '1002.5' },
        { cuenta: 'mercantil', moneda: 'VES', entra: '1000', sale: '0' },
      ],
      net: '-2.5',
    },
    {
      // placing inherited money: Sin asignar → Banesco 500, no fee: the ledger's total is unchanged
      name: 'a transfer from Sin asignar',
      input: mov({ monto: '500', cuenta_destino_id: 'banesco' }),
      flows: [
        { cuenta: null, moneda: 'VES', entra: '0', sale: '500' },
        { cuenta: 'banesco', moneda: 'VES', entra: '500', sale: '0' },
      ],
      net: '0',
    },
    {
      name: 'an aporte in VES',
      input: mov({ tipo: 'aporte', monto: '20000', cuenta_destino_id: 'banesco' }),
      flows: [{ cuenta: 'banesco', moneda: 'VES', entra: '20000', sale: '0' }],
      net: '20000',
    },
    {
      name: 'an aporte in USD into Sin asignar',
      input: mov({ tipo: 'aporte', moneda: 'USD', monto: '300' }),
      flows: [{ cuenta: null, moneda: 'USD', entra: '300', sale: '0' }],
      net: '300',
    },
    {
      name: 'a retiro in USD',
      input: mov({ tipo: 'retiro', moneda: 'USD', monto: '150.75', cuenta_origen_id: 'zelle' }),
      flows: [{ cuenta: 'zelle', moneda: 'USD', entra: '0', sale: '150.75' }],
      net: '-150.75',
    },
    {
      name: 'a retiro in VES from Sin asignar',
      input: mov({ tipo: 'retiro', monto: '800' }),
      flows: [{ cuenta: null, moneda: 'VES', entra: '0', sale: '800' }],
      net: '-800',
    },
    {
      name: 'an ajuste: money missing from an account',
      input: mov({ tipo: 'ajuste', monto: '12.34', cuenta_origen_id: 'banesco' }),
      flows: [{ cuenta: 'banesco', moneda: 'VES', entra: '0', sale: '12.34' }],
      net: '-12.34',
    },
    {
      name: 'an ajuste of Sin asignar with sentido entrada',
      input: mov({ tipo: 'ajuste', moneda: 'USD', monto: '5', sentido: 'entrada' }),
      flows: [{ cuenta: null, moneda: 'USD', entra: '5', sale: '0' }],
      net: '5',
    },
  ];
  it.each(cases)('$name', ({ input, flows, net }) => {
    expect(plain(movementFlows(input))).toEqual(flows);
    expect(movementNet(input).toString()).toBe(net);
  });

  it('movimientos netos per currency', () => {
    // VES: +20000 (aporte) − 2.5 (fee) − 12.34 (ajuste out) = 19985.16; USD: +300 − 150.75 = 149.25
    expect(
      movimientosNetos([
        mov({ tipo: 'aporte', monto: '20000' }),
        mov({ monto: '1000', comision: '2.5', cuenta_origen_id: 'a', cuenta_destino_id: 'b' }),
        mov({ tipo: 'ajuste', monto: '12.34', cuenta_origen_id: 'a' }),
        mov({ tipo: 'aporte', moneda: 'USD', monto: '300' }),
        mov({ tipo: 'retiro', moneda: 'USD', monto: '150.75' }),
      ]),
    ).toEqual({ ves: '19985.16', usd: '149.25' });
  });
});

describe('Sin asignar and account balances (DESIGN §28 rounding)', () => {
  it('an account balance is rounded to cents', () => {
    // 4050.125 − 0 = 4050.125 → 4050.13 (half up)
    expect(saldoCuenta('4050.125', '0')).toBe('4050.13');
    expect(saldoCuenta('0', '3300.15285')).toBe('-3300.15');
  });
  it('Sin asignar is round2(available) − Σ round2(accounts)', () => {
    // available 6787.34715 → 6787.35; accounts 4050.125 → 4050.13 and −3300.15285 → −3300.15
    // 6787.35 − 4050.13 + 3300.15 = 6037.37
    expect(sinAsignar('6787.34715', ['4050.125', '-3300.15285'])).toBe('6037.37');
    // no accounts: everything is sin asignar
    expect(sinAsignar('330.25', [])).toBe('330.25');
  });
  it('an explicit base moves only Sin asignar', () => {
    // day 2 inherits 1000 Bs, all in Banesco (1000), Sin asignar 0; an explicit base of 1200 makes
    // the available 1200: Banesco keeps 1000, Sin asignar becomes 200
    expect(sinAsignar('1000', ['1000'])).toBe('0.00');
    expect(sinAsignar('1200', ['1000'])).toBe('200.00');
  });
});

describe('movementShapeError', () => {
  const cases: Array<[string, Partial<MovementFlowInput> & { notas?: string | null }, string | null]> = [
    ['transfer to the same account', { cuenta_origen_id: 'a', cuenta_destino_id: 'a' }, 'movMismaCuenta'],
    ['transfer with no account at all', {}, 'movTransferenciaSinCuentas'],
    ['transfer from Sin asignar', { cuenta_destino_id: 'a' }, null],
    ['aporte with an origin', { tipo: 'aporte', cuenta_origen_id: 'a' }, 'movAporteConOrigen'],
    ['retiro with a destination', { tipo: 'retiro', cuenta_destino_id: 'a' }, 'movRetiroConDestino'],
    ['ajuste without a reason', { tipo: 'ajuste', cuenta_destino_id: 'a' }, 'movAjusteSinNotas'],
    ['ajuste with two accounts', { tipo: 'ajuste', cuenta_origen_id: 'a', cuenta_destino_id: 'b', notas: 'x' }, 'movAjusteUnaCuenta'],
    ['ajuste of Sin asignar without sentido', { tipo: 'ajuste', notas: 'x' }, 'movAjusteSentido'],
    ['ajuste of Sin asignar with sentido', { tipo: 'ajuste', notas: 'x', sentido: 'salida' }, null],
    ['fee on an aporte', { tipo: 'aporte', comision: '1' }, 'movComisionSoloTransferencias'],
  ];
  it.each(cases)('%s', (_name, over, expected) =>
    expect(movementShapeError({ ...mov(over), notas: over.notas })?.message ?? null).toBe(expected),
  );
});

describe('nombreClave', () => {
  it('is case-, accent- and space-insensitive', () => {
    expect(nombreClave('  Pago  Móvil ')).toBe(nombreClave('pago movil'));
    expect(nombreClave('BANESCO')).toBe('banesco');
    expect(nombreClave('Año')).toBe('ano');
  });
});

describe('metodoBinanceClave', () => {
  it('reads "Pago Móvil" as Binance\'s "PagoMovil": case, accents and every space aside', () => {
    expect(metodoBinanceClave('Pago Móvil')).toBe('pagomovil');
    expect(metodoBinanceClave(' PAGOMOVIL ')).toBe(metodoBinanceClave('PagoMovil'));
    expect(metodoBinanceClave('Banco de Venezuela')).toBe('bancodevenezuela');
    expect(metodoBinanceClave('Banesco')).not.toBe(metodoBinanceClave('Mercantil'));
  });
});

/* The property: Σ accounts + Sin asignar = the day's available balance, per currency ----------- */

const VES_ACCOUNTS = ['banesco', 'mercantil', null] as const;
const USD_ACCOUNTS = ['binance', 'zelle', null] as const;
const DAYS = 4;

const money = fc.integer({ min: 0, max: 2_000_000 }).map((c) => new Big(c).div(100).toString());
const rate = fc.integer({ min: 1, max: 6_000_000 }).map((c) => new Big(c).div(10_000).toString());
const fee = fc.integer({ min: 0, max: 500_000 }).map((c) => new Big(c).div(100_000_000).toString());
const day = fc.integer({ min: 0, max: DAYS - 1 });

const txArb = fc.record({
  fecha: day,
  venta: money,
  tasa_venta: rate,
  compra: money,
  tasa_compra: rate,
  comision_usd: fee,
  cuenta_ves_id: fc.constantFrom(...VES_ACCOUNTS),
  cuenta_usd_id: fc.constantFrom(...USD_ACCOUNTS),
  verificada: fc.boolean(),
});
const movArb = fc
  .record({
    fecha: day,
    tipo: fc.constantFrom('transferencia', 'aporte', 'retiro', 'ajuste' as const),
    moneda: fc.constantFrom('VES', 'USD' as const),
    monto: money.filter((m) => new Big(m).gt(0)),
    comision: money,
    origen: fc.integer({ min: 0, max: 2 }),
    destino: fc.integer({ min: 0, max: 2 }),
    sentido: fc.constantFrom('entrada', 'salida' as const),
  })
  .map((m) => {
    const accounts = m.moneda === 'VES' ? VES_ACCOUNTS : USD_ACCOUNTS;
    const input: MovementFlowInput & { fecha: number; notas: string } = {
      fecha: m.fecha,
      tipo: m.tipo,
      moneda: m.moneda,
      monto: m.monto,
      comision: m.tipo === 'transferencia' ? m.comision : '0',
      cuenta_origen_id: m.tipo === 'aporte' ? null : accounts[m.origen]!,
      cuenta_destino_id: m.tipo === 'retiro' || (m.tipo === 'ajuste' && accounts[m.origen]) ? null : accounts[m.destino]!,
      sentido: m.sentido,
      notas: 'motivo',
    };
    return input;
  })
  .filter((m) => movementShapeError(m) === null);

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
type TxGen = ValueOf<typeof txArb>;
type MovGen = ValueOf<typeof movArb>;

type Op =
  | { op: 'addTx'; tx: TxGen }
  | { op: 'editTx'; at: number; tx: TxGen }
  | { op: 'deleteTx'; at: number }
  | { op: 'addMov'; mov: MovGen }
  | { op: 'editMov'; at: number; mov: MovGen }
  | { op: 'deleteMov'; at: number }
  | { op: 'base'; fecha: number; ves: string | null; usd: string | null };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  txArb.map((tx) => ({ op: 'addTx' as const, tx })),
  fc.record({ at: fc.nat(), tx: txArb }).map((o) => ({ op: 'editTx' as const, ...o })),
  fc.nat().map((at) => ({ op: 'deleteTx' as const, at })),
  movArb.map((mov) => ({ op: 'addMov' as const, mov })),
  fc.record({ at: fc.nat(), mov: movArb }).map((o) => ({ op: 'editMov' as const, ...o })),
  fc.nat().map((at) => ({ op: 'deleteMov' as const, at })),
  fc
    .record({ fecha: day, ves: fc.option(money, { nil: null }), usd: fc.option(money, { nil: null }) })
    .map((o) => ({ op: 'base' as const, ...o })),
);

describe('property: Σ accounts + Sin asignar = the available balance, every day and currency', () => {
  it('holds after any sequence of operations, edits, deletes, movements and bases', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const txs: Array<TxGen> = [];
        const movs: Array<MovGen> = [];
        const bases = new Map<number, { ves: string | null; usd: string | null }>();
        for (const o of ops) {
          if (o.op === 'addTx') txs.push(o.tx);
          else if (o.op === 'editTx' && txs.length) txs[o.at % txs.length] = o.tx;
          else if (o.op === 'deleteTx' && txs.length) txs.splice(o.at % txs.length, 1);
          else if (o.op === 'addMov') movs.push(o.mov);
          else if (o.op === 'editMov' && movs.length) movs[o.at % movs.length] = o.mov;
          else if (o.op === 'deleteMov' && movs.length) movs.splice(o.at % movs.length, 1);
          else if (o.op === 'base') bases.set(o.fecha, { ves: o.ves, usd: o.usd });
        }
        // Sin asignar's own flows, counted independently of the accounts: its null sides, and each
        // explicit base's jump over the inherited closing (an explicit base moves only Sin asignar).
        const accounts = new Map<string, Big>();
        const sa = { VES: new Big(0), USD: new Big(0) };
        let closing = { VES: new Big(0), USD: new Big(0) };
        const add = (f: Flow) => {
          const delta = f.entra.minus(f.sale);
          if (f.cuenta === null) sa[f.moneda] = sa[f.moneda].plus(delta);
          else accounts.set(f.cuenta, (accounts.get(f.cuenta) ?? new Big(0)).plus(delta));
        };
        for (let d = 0; d < DAYS; d++) {
          const explicit = bases.get(d);
          const base = { VES: closing.VES, USD: closing.USD };
          for (const [cur, value] of [
            ['VES', explicit?.ves],
            ['USD', explicit?.usd],
          ] as const) {
            if (value == null) continue;
            sa[cur] = sa[cur].plus(new Big(value).minus(base[cur]));
            base[cur] = new Big(value);
          }
          const dayTxs = txs.filter((t) => t.fecha === d).map((t) => ({ ...t, ...computeTransaction(t) }));
          const dayMovs = movs.filter((m) => m.fecha === d);
          for (const t of dayTxs) transactionFlows(t).forEach(add);
          for (const m of dayMovs) movementFlows(m).forEach(add);
          // The available balance as the server computes it: summarizeDay of the day's sums, plus movimientos netos.
          const sum = (f: (t: (typeof dayTxs)[number]) => string) => dayTxs.reduce((s, t) => s.plus(f(t)), new Big(0)).toString();
          const summary = summarizeDay(
            {
              venta: sum((t) => t.venta),
              compra: sum((t) => t.compra),
              comision_usd: sum((t) => t.comision_usd),
              bs_recibidos: sum((t) => t.bs_recibidos),
              bs_pagados: sum((t) => t.bs_pagados),
              ganancia_ves: sum((t) => t.ganancia_ves),
              ganancia_usd: sum((t) => t.ganancia_usd),
              v_venta: '0',
              v_compra: '0',
              v_comision_usd: '0',
              v_bs_recibidos: '0',
              v_bs_pagados: '0',
            },
            { saldo_base_ves: base.VES.toString(), saldo_base_usd: base.USD.toString() },
          );
          const netos = movimientosNetos(dayMovs);
          const exact = {
            VES: base.VES.plus(sum((t) => t.bs_recibidos))
              .minus(sum((t) => t.bs_pagados))
              .plus(netos.ves),
            USD: base.USD.minus(sum((t) => t.venta))
              .plus(sum((t) => t.compra))
              .minus(sum((t) => t.comision_usd))
              .plus(netos.usd),
          };
          // Movements are whole cents, so adding them after the day's rounding is the rounding of the whole.
          const shown = {
            VES: new Big(summary.resumen.saldo_disponible_ves).plus(netos.ves),
            USD: new Big(summary.resumen.saldo_disponible_usd).plus(netos.usd),
          };
          for (const cur of ['VES', 'USD'] as const) {
            expect(toFixedString(shown[cur], 2)).toBe(toFixedString(roundHalfUp(exact[cur], 2), 2));
            const balances = [...accounts]
              .filter(([id]) => (cur === 'VES' ? VES_ACCOUNTS : USD_ACCOUNTS).includes(id as never))
              .map(([, b]) => b);
            // Conservation: the accounts and Sin asignar's own flows are the whole available balance, exactly.
            expect(balances.reduce((s, b) => s.plus(b), sa[cur]).eq(exact[cur])).toBe(true);
            // The shown figures add up: Σ round2(accounts) + Sin asignar = round2(available).
            const rest = sinAsignar(exact[cur], balances);
            const total = balances.reduce((s, b) => s.plus(roundHalfUp(b, 2)), new Big(rest));
            expect(toFixedString(total, 2)).toBe(toFixedString(shown[cur], 2));
          }
          closing = exact;
        }
      }),
      { numRuns: 300 },
    );
  });
});
